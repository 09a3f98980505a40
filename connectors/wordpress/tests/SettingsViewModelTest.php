<?php
/**
 * What the settings page shows for a given state.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Settings_View_Model;
use PHPUnit\Framework\TestCase;

final class SettingsViewModelTest extends TestCase {

	private const NOW = 1_800_000_000;

	public function test_before_connecting_it_shows_the_connect_form_with_the_kept_url(): void {
		$view = new Settings_View_Model( array( 'service_url' => 'https://feed.example' ), array(), false, array(), self::NOW );
		$this->assertFalse( $view->is_connected() );
		$this->assertSame( array( '', 'https://feed.example', false, null, null ), array( $view->site_id(), $view->service_url(), $view->drafts(), $view->last_sync(), $view->retry_at() ) );

		$fresh = new Settings_View_Model( array(), array(), false, array(), self::NOW );
		$this->assertSame( array( false, '' ), array( $fresh->is_connected(), $fresh->service_url() ) );
	}

	public function test_connected_needs_both_the_secret_and_the_site_id(): void {
		$connection = array( 'site_id' => 'site_1', 'credential_id' => 'cred_1' );
		$this->assertTrue( ( new Settings_View_Model( array(), $connection, true, array(), self::NOW ) )->is_connected() );
		$this->assertSame( 'site_1', ( new Settings_View_Model( array(), $connection, true, array(), self::NOW ) )->site_id() );
		$this->assertFalse( ( new Settings_View_Model( array(), $connection, false, array(), self::NOW ) )->is_connected() );
		$this->assertFalse( ( new Settings_View_Model( array(), array(), true, array(), self::NOW ) )->is_connected() );
	}

	public function test_the_last_sync_and_a_wait_still_ahead(): void {
		$state = array(
			'since'     => 'S1',
			'retry_at'  => self::NOW + 60,
			'last_sync' => array( 'at' => self::NOW - 5, 'ok' => false, 'message' => 'asked to slow down' ),
		);
		$view  = new Settings_View_Model( array( 'drafts' => true ), array(), true, $state, self::NOW );
		$this->assertSame( array( 'at' => self::NOW - 5, 'ok' => false, 'message' => 'asked to slow down' ), $view->last_sync() );
		$this->assertSame( self::NOW + 60, $view->retry_at() );
		$this->assertTrue( $view->drafts() );

		$state['retry_at'] = self::NOW;
		$this->assertNull( ( new Settings_View_Model( array(), array(), true, $state, self::NOW ) )->retry_at() );
		$this->assertNull( ( new Settings_View_Model( array(), array(), true, array( 'last_sync' => 'garbage' ), self::NOW ) )->last_sync() );
	}

	public function test_subscription_rows_check_the_subscribed_categories(): void {
		$taxonomy = array(
			array( 'key' => 'technology', 'name' => 'Technology', 'topics' => array( 'AI', 'Web' ) ),
			array( 'key' => 'sport', 'name' => 'Sport', 'topics' => array() ),
		);
		$this->assertSame(
			array(
				array( 'key' => 'technology', 'name' => 'Technology', 'topics' => 'AI, Web', 'checked' => false ),
				array( 'key' => 'sport', 'name' => 'Sport', 'topics' => '', 'checked' => true ),
			),
			Settings_View_Model::subscription_rows( $taxonomy, array( 'sport', 'gone' ) )
		);
	}

	public function test_posted_subscriptions_keep_only_offered_string_keys(): void {
		$offered = array( 'technology', 'sport' );
		$this->assertSame( array( 'sport' ), Settings_View_Model::posted_subscriptions( array( 'sport', 'sport', 'evil', array( 'x' ) ), $offered ) );
		$this->assertSame( array(), Settings_View_Model::posted_subscriptions( null, $offered ) );
		$this->assertSame( array(), Settings_View_Model::posted_subscriptions( 'sport', $offered ) );
		$this->assertSame( array(), Settings_View_Model::posted_subscriptions( array( 'sport' ), null ) );
	}
}
