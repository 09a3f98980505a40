<?php
/**
 * Which notice the settings page shows for which outcome.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Api_Exception;
use Content_Feed_Connector\Notice_Messages;
use PHPUnit\Framework\TestCase;

final class NoticeMessagesTest extends TestCase {

	private const NOW = 1_800_000_000;

	private function notice( Api_Exception $e, string $action = Notice_Messages::SYNC ): array {
		return Notice_Messages::for_exception( $e, $action, self::NOW );
	}

	public function test_a_401_while_connecting_is_the_code_and_later_the_revoked_credential(): void {
		$e       = new Api_Exception( Api_Exception::UNAUTHENTICATED, 'x', 401 );
		$connect = $this->notice( $e, Notice_Messages::CONNECT );
		$this->assertSame( Notice_Messages::ERROR, $connect['type'] );
		$this->assertStringContainsString( 'connection code is wrong, expired or already used', $connect['message'] );
		foreach ( array( Notice_Messages::SYNC, Notice_Messages::SUBSCRIPTIONS ) as $action ) {
			$later = $this->notice( $e, $action );
			$this->assertSame( Notice_Messages::ERROR, $later['type'] );
			$this->assertStringContainsString( '(401)', $later['message'] );
			$this->assertStringContainsString( 'revoked', $later['message'] );
			$this->assertStringContainsString( 'connect again with a new connection code', $later['message'] );
		}
	}

	public function test_an_unreachable_service_points_at_the_service_url(): void {
		$notice = $this->notice( new Api_Exception( Api_Exception::UNREACHABLE, 'cURL error 7' ), Notice_Messages::CONNECT );
		$this->assertSame( Notice_Messages::ERROR, $notice['type'] );
		$this->assertStringContainsString( 'could not be reached at the Service URL', $notice['message'] );
		$this->assertStringNotContainsString( 'cURL', $notice['message'] );
	}

	public function test_429_and_503_are_warnings_that_say_when_to_retry(): void {
		$slow = $this->notice( new Api_Exception( Api_Exception::RATE_LIMITED, 'x', 429, 90 ) );
		$this->assertSame( Notice_Messages::WARNING, $slow['type'] );
		$this->assertSame( 'The Content Feed Service asked to slow down (429). Try again in 2 minutes (after ' . gmdate( 'H:i:s', self::NOW + 90 ) . ' UTC).', $slow['message'] );

		$down = $this->notice( new Api_Exception( Api_Exception::UNAVAILABLE, 'x', 503, 30 ), Notice_Messages::SUBSCRIPTIONS );
		$this->assertSame( Notice_Messages::WARNING, $down['type'] );
		$this->assertStringContainsString( 'temporarily unavailable (503). Try again in 30 seconds', $down['message'] );

		$no_header = $this->notice( new Api_Exception( Api_Exception::UNAVAILABLE, 'x', 503 ) );
		$this->assertStringContainsString( 'Try again in 1 minute (', $no_header['message'] );
	}

	public function test_other_failures_show_the_safe_message_and_a_403_on_subscriptions_is_explained(): void {
		$bad = $this->notice( new Api_Exception( Api_Exception::FAILED, 'The Content Feed Service answered 400: unknown category', 400 ), Notice_Messages::SUBSCRIPTIONS );
		$this->assertSame( array( 'type' => Notice_Messages::ERROR, 'message' => 'The Content Feed Service answered 400: unknown category' ), $bad );

		$forbidden = $this->notice( new Api_Exception( Api_Exception::FAILED, 'The Content Feed Service answered 403', 403 ), Notice_Messages::SUBSCRIPTIONS );
		$this->assertStringContainsString( 'may not manage subscriptions (403)', $forbidden['message'] );
	}

	public function test_durations_round_up_to_seconds_minutes_or_hours(): void {
		$this->assertSame(
			array( '1 second', '59 seconds', '1 minute', '2 minutes', '60 minutes', '1 hour', '2 hours', '24 hours' ),
			array_map( array( Notice_Messages::class, 'duration' ), array( 1, 59, 60, 61, 3599, 3600, 3601, 86400 ) )
		);
	}

	public function test_sync_now_reports_the_outcome_or_that_it_is_not_connected(): void {
		$this->assertSame( array( 'type' => Notice_Messages::SUCCESS, 'message' => 'Synced: 1 created' ), Notice_Messages::synced( array( 'ok' => true, 'message' => 'Synced: 1 created' ) ) );
		$this->assertSame( Notice_Messages::ERROR, Notice_Messages::synced( array( 'ok' => false, 'message' => 'revoked' ) )['type'] );
		$this->assertSame( Notice_Messages::not_connected(), Notice_Messages::synced( null ) );
		$waiting = array( 'ok' => false, 'message' => 'Waiting until 2027-01-15 08:02:00 UTC, as the service asked.' );
		$this->assertSame( array( 'type' => Notice_Messages::WARNING, 'message' => $waiting['message'] ), Notice_Messages::synced( $waiting, self::NOW + 60 ) );
		$this->assertSame( Notice_Messages::SUCCESS, Notice_Messages::synced( array( 'ok' => true, 'message' => 'Synced' ), self::NOW + 60 )['type'] );
	}

	public function test_successes(): void {
		$this->assertSame( Notice_Messages::SUCCESS, Notice_Messages::connected( 'site_1' )['type'] );
		$this->assertStringContainsString( 'Site site_1', Notice_Messages::connected( 'site_1' )['message'] );
		$this->assertSame( 'Subscriptions saved: 1 category.', Notice_Messages::subscriptions_saved( 1 )['message'] );
		$this->assertSame( 'Subscriptions saved: 0 categories.', Notice_Messages::subscriptions_saved( 0 )['message'] );
		$this->assertStringContainsString( 'drafts', Notice_Messages::drafts_saved( true )['message'] );
		$this->assertStringContainsString( 'published', Notice_Messages::drafts_saved( false )['message'] );
		$this->assertStringContainsString( 'secret is forgotten', Notice_Messages::disconnected()['message'] );
		$this->assertSame( Notice_Messages::ERROR, Notice_Messages::invalid_url()['type'] );
		$this->assertSame( Notice_Messages::ERROR, Notice_Messages::missing_code()['type'] );
	}

	public function test_a_busy_sync_and_a_disconnect_that_could_not_revoke_are_warnings(): void {
		$busy = Notice_Messages::synced( array( 'ok' => false, 'busy' => true, 'message' => 'Another sync is already running.', 'counts' => array(), 'at' => 0 ) );
		$this->assertSame( Notice_Messages::WARNING, $busy['type'] );
		$this->assertStringContainsString( 'already running', $busy['message'] );
		$kept = Notice_Messages::disconnected_not_revoked( 'The Content Feed Service could not be reached' );
		$this->assertSame( Notice_Messages::WARNING, $kept['type'] );
		$this->assertStringContainsString( 'could not be revoked at the service (The Content Feed Service could not be reached)', $kept['message'] );
		$this->assertStringContainsString( 'revoke it in the Content Feed dashboard', $kept['message'] );
		$this->assertStringContainsString( 'Credential is revoked', Notice_Messages::disconnected()['message'] );
	}

	public function test_every_message_is_translated_with_the_plugin_text_domain(): void {
		$source = (string) file_get_contents( dirname( __DIR__ ) . '/content-feed-connector/includes/class-notice-messages.php' );
		preg_match_all( "/\\b(?:__|_n)\\(\\s*'/", $source, $calls );
		preg_match_all( "/'content-feed-connector' \\)/", $source, $domains );
		$this->assertGreaterThan( 10, count( $calls[0] ) );
		$this->assertSame( count( $calls[0] ), count( $domains[0] ) );
	}
}
