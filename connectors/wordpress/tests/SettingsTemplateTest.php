<?php
/**
 * The settings page's template (views/settings-page.php) printed through Settings_Page::view()
 * with WordPress's output functions stood in (template-stand-ins.php), and read back with DOMDocument:
 * hostile values from the service and the options come out as text, every form posts its own
 * admin-post.php action with that action's nonce, and the page shows what the view model says.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Settings_Page;
use Content_Feed_Connector\Instant_Updates;
use Content_Feed_Connector\Settings_View_Model;
use PHPUnit\Framework\TestCase;

require_once __DIR__ . '/template-stand-ins.php';
require_once dirname( __DIR__ ) . '/content-feed-connector/includes/wordpress/class-settings-page.php';

final class SettingsTemplateTest extends TestCase {

	private const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(2)>&amp;';
	private const POST_URL = 'http://wp.test/wp-admin/admin-post.php';

	/**
	 * The page for a view, parsed.
	 *
	 * @param array<string, mixed> $args Overrides of the template's arguments.
	 */
	private static function page( Settings_View_Model $view, array $args = array() ): \DOMXPath {
		ob_start();
		Settings_Page::view(
			'settings-page',
			array_merge(
				array(
					'view'                 => $view,
					'notice'               => null,
					'subscriptions'        => array(),
					'subscriptions_notice' => null,
					'post_url'             => self::POST_URL,
					'date_time_format'     => 'Y-m-d H:i',
					'time_format'          => 'H:i',
				),
				$args
			)
		);
		$html     = (string) ob_get_clean();
		$document = new \DOMDocument();
		$previous = libxml_use_internal_errors( true );
		$document->loadHTML( '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>' . $html . '</body></html>' );
		libxml_clear_errors();
		libxml_use_internal_errors( $previous );
		return new \DOMXPath( $document );
	}

	/**
	 * Each form's admin-post.php action, checking it posts there with that action's nonce.
	 *
	 * @return array<int, string>
	 */
	private function forms( \DOMXPath $page ): array {
		$actions = array();
		foreach ( $page->query( '//form' ) as $form ) {
			$this->assertSame( 'post', $form->getAttribute( 'method' ) );
			$this->assertSame( self::POST_URL, $form->getAttribute( 'action' ) );
			$action = $page->query( './/input[@name="action"]', $form );
			$this->assertSame( 1, $action->length );
			$name = $action->item( 0 )->getAttribute( 'value' );
			$this->assertSame( array( 'nonce:' . $name ), array_map( static fn ( $n ) => $n->getAttribute( 'value' ), iterator_to_array( $page->query( './/input[@name="_wpnonce"]', $form ) ) ) );
			$actions[] = $name;
		}
		return $actions;
	}

	private function assertNoMarkupFrom( \DOMXPath $page ): void {
		$this->assertSame( 0, $page->query( '//script | //img | //*[@onerror] | //b | //i' )->length, 'a hostile value became markup' );
	}

	public function test_not_connected_shows_the_connect_form_with_the_kept_url_as_text(): void {
		$page = self::page( new Settings_View_Model( array( 'service_url' => self::HOSTILE, 'drafts' => true ), array(), false, array(), 1000 ) );
		$this->assertNoMarkupFrom( $page );
		$this->assertSame( array( 'content_feed_connect', 'content_feed_drafts' ), $this->forms( $page ) );
		$this->assertSame( html_entity_decode( self::HOSTILE ), $page->query( '//input[@name="service_url"]' )->item( 0 )->getAttribute( 'value' ) );
		$code = $page->query( '//input[@name="connection_code"]' )->item( 0 );
		$this->assertSame( array( '', 'off' ), array( $code->getAttribute( 'value' ), $code->getAttribute( 'autocomplete' ) ) );
		$this->assertSame( 'content-feed-connection-code', $page->query( '//label[text()="Connection code"]' )->item( 0 )->getAttribute( 'for' ) );
		$this->assertSame( 'checked', $page->query( '//input[@name="drafts"]' )->item( 0 )->getAttribute( 'checked' ) );
		$this->assertSame( 0, $page->query( '//code | //div[contains(@class,"notice")]' )->length );
	}

	public function test_connected_prints_the_site_the_sync_and_the_subscriptions_as_text(): void {
		$state = array(
			'last_sync' => array( 'at' => 1700000000, 'ok' => false, 'message' => self::HOSTILE ),
			'retry_at'  => 1700003600,
		);
		$rows  = Settings_View_Model::subscription_rows(
			array(
				array( 'key' => self::HOSTILE, 'name' => self::HOSTILE, 'topics' => array( '<i>ai</i>', 'ml' ) ),
				array( 'key' => 'sport', 'name' => 'Sport', 'topics' => array() ),
			),
			array( 'sport' )
		);
		$page  = self::page(
			new Settings_View_Model( array( 'service_url' => self::HOSTILE ), array( 'site_id' => self::HOSTILE ), true, $state, 1700000000 ),
			array(
				'notice'        => array( 'class' => 'notice notice-warning is-dismissible', 'message' => self::HOSTILE ),
				'subscriptions' => $rows,
			)
		);
		$text  = html_entity_decode( self::HOSTILE );
		$this->assertNoMarkupFrom( $page );
		$this->assertSame( array( 'content_feed_sync', 'content_feed_subscriptions', 'content_feed_disconnect', 'content_feed_drafts' ), $this->forms( $page ) );
		$this->assertSame( 0, $page->query( '//input[@name="connection_code"]' )->length );
		$notice = $page->query( '//div[contains(@class,"notice")]' );
		$this->assertSame( 1, $notice->length );
		$this->assertSame( array( 'notice notice-warning is-dismissible', $text ), array( $notice->item( 0 )->getAttribute( 'class' ), $notice->item( 0 )->textContent ) );
		$this->assertSame( array( $text, $text ), array_map( static fn ( $n ) => $n->textContent, iterator_to_array( $page->query( '//code' ) ) ) );
		$this->assertSame( 'Last sync: 2023-11-14 22:13, failed. ' . $text, trim( $page->query( '//p[contains(., "Last sync")]' )->item( 0 )->textContent ) );
		$this->assertSame( 'The service asked to wait: the next sync runs after 23:13.', trim( $page->query( '//p[contains(., "asked to wait")]' )->item( 0 )->textContent ) );
		$boxes = $page->query( '//input[@name="categories[]"]' );
		$this->assertSame( array( $text, 'sport' ), array_map( static fn ( $n ) => $n->getAttribute( 'value' ), iterator_to_array( $boxes ) ) );
		$this->assertSame( array( '', 'checked' ), array_map( static fn ( $n ) => $n->getAttribute( 'checked' ), iterator_to_array( $boxes ) ) );
		$this->assertSame( array( $text, 'sport' ), array_map( static fn ( $n ) => $n->getAttribute( 'value' ), iterator_to_array( $page->query( '//input[@name="offered[]"]' ) ) ) );
		$this->assertSame( array( ' ' . $text, ' Sport' ), array_map( static fn ( $n ) => $n->textContent, iterator_to_array( $page->query( '//fieldset/label' ) ) ) );
		$this->assertSame( array( '(<i>ai</i>, ml)' ), array_map( static fn ( $n ) => $n->textContent, iterator_to_array( $page->query( '//span[@class="description"]' ) ) ) );
		$this->assertSame( '', $page->query( '//input[@name="drafts"]' )->item( 0 )->getAttribute( 'checked' ) );
	}

	public function test_instant_updates_on_with_the_last_event_or_off_with_why_as_text(): void {
		$connected = static fn ( array $instant ): Settings_View_Model => new Settings_View_Model( array( 'service_url' => 'http://127.0.0.1:8080' ), array( 'site_id' => 'site-1' ), true, array(), 0, $instant );
		$line      = fn ( Settings_View_Model $view ): string => preg_replace( '/\s+/', ' ', trim( self::page( $view, array( 'subscriptions' => array() ) )->query( '//p[contains(., "Instant updates")]' )->item( 0 )->textContent ) );

		$on = $line( $connected( Instant_Updates::status( array( 'endpoint_id' => 'whe_1', 'last_event' => array( 'at' => 1700000000, 'type' => 'feed.changed' ) ), true ) ) );
		$this->assertStringStartsWith( 'Instant updates: on — last event: 2023-11-14 22:13.', $on );
		$this->assertStringContainsString( '5-minute sync stays as the fallback', $on );
		$this->assertStringStartsWith( 'Instant updates: on — no event received yet.', $line( $connected( Instant_Updates::status( array( 'endpoint_id' => 'whe_1' ), true ) ) ) );

		$refused = $line( $connected( Instant_Updates::status( array( 'reason' => Instant_Updates::REFUSED, 'detail' => self::HOSTILE ), false ) ) );
		$this->assertSame( 'Instant updates: off — the service cannot deliver to this site\'s address (' . html_entity_decode( self::HOSTILE ) . '). The sync runs every 5 minutes.', $refused );
		$page = self::page( $connected( Instant_Updates::status( array( 'reason' => Instant_Updates::REFUSED, 'detail' => self::HOSTILE ), false ) ), array( 'subscriptions' => array() ) );
		$this->assertNoMarkupFrom( $page );
		$this->assertStringStartsWith( 'Instant updates: off — the Site\'s plan does not include webhooks.', $line( $connected( Instant_Updates::status( array( 'reason' => Instant_Updates::NOT_ENTITLED ), false ) ) ) );
		$this->assertStringStartsWith( 'Instant updates: off — the connection\'s Credential may not manage webhooks', $line( $connected( Instant_Updates::status( array( 'reason' => Instant_Updates::NO_SCOPE ), false ) ) ) );
	}

	public function test_a_failed_subscriptions_read_shows_its_notice_instead_of_the_form(): void {
		$page   = self::page(
			new Settings_View_Model( array( 'service_url' => 'http://127.0.0.1:8080' ), array( 'site_id' => 'site-1' ), true, array(), 0 ),
			array(
				'subscriptions'        => array(),
				'subscriptions_notice' => array( 'class' => 'notice notice-error', 'message' => 'The Content Feed Service could not be reached.' ),
			)
		);
		$notice = $page->query( '//div[contains(@class,"notice")]' );
		$this->assertSame( array( 'notice notice-error', 'The Content Feed Service could not be reached.' ), array( $notice->item( 0 )->getAttribute( 'class' ), $notice->item( 0 )->textContent ) );
		$this->assertSame( array( 'content_feed_sync', 'content_feed_disconnect', 'content_feed_drafts' ), $this->forms( $page ) );
		$this->assertSame( 'Last sync: not yet.', $page->query( '//p[contains(., "Last sync")]' )->item( 0 )->textContent );
		$this->assertSame( 0, $page->query( '//p[contains(., "asked to wait")]' )->length );
	}
}
