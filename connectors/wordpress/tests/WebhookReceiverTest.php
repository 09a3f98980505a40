<?php
/**
 * The webhook route's decisions: the signature before anything else, 202 and a sync asked for
 * once per feed.changed, webhook.test recorded only, a repeated webhook-id asking for nothing more.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Secret;
use Content_Feed_Connector\Webhook_Receiver;
use Content_Feed_Connector\Webhook_Signature;
use PHPUnit\Framework\TestCase;

final class WebhookReceiverTest extends TestCase {

	private const NOW    = 1_800_000_000;
	private const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

	private Memory_State $state;
	private int $syncs = 0;

	protected function setUp(): void {
		$this->state = new Memory_State();
		$this->state->save( array( 'endpoint_id' => 'whe_1' ) );
	}

	private function receiver( ?string $secret = self::SECRET ): Webhook_Receiver {
		$now = static fn (): int => self::NOW;
		return new Webhook_Receiver( null === $secret ? null : new Webhook_Signature( new Secret( $secret ), $now ), $this->state, function (): void {
			++$this->syncs;
		}, $now );
	}

	private static function event( string $type ): string {
		return (string) json_encode( array( 'type' => $type, 'timestamp' => '2027-01-15T08:00:00.000Z', 'data' => array( 'since' => 'a', 'nextSince' => 'b', 'changes' => 1 ) ) );
	}

	private static function signed( string $body, string $id, int $at = self::NOW ): array {
		return array( $body, $id, (string) $at, ( new Webhook_Signature( new Secret( self::SECRET ) ) )->sign( $id, $at, $body ) );
	}

	public function test_a_feed_changed_is_accepted_recorded_and_asks_for_one_sync(): void {
		$this->assertSame( 202, $this->receiver()->receive( ...self::signed( self::event( 'feed.changed' ), 'msg_1' ) ) );
		$this->assertSame( 1, $this->syncs );
		$this->assertSame( array( 'at' => self::NOW, 'type' => 'feed.changed' ), $this->state->state['last_event'] );
		$this->assertSame( array( 'msg_1' ), $this->state->state['seen'] );
		$this->assertSame( 'whe_1', $this->state->state['endpoint_id'], 'the rest of the state kept' );
	}

	public function test_a_repeated_delivery_is_accepted_and_asks_for_nothing_more(): void {
		$request = self::signed( self::event( 'feed.changed' ), 'msg_1' );
		$this->receiver()->receive( ...$request );
		$kept = $this->state->state;
		$this->assertSame( 202, $this->receiver()->receive( ...$request ) );
		$this->assertSame( 1, $this->syncs );
		$this->assertSame( $kept, $this->state->state );
		$this->assertSame( 202, $this->receiver()->receive( ...self::signed( self::event( 'feed.changed' ), 'msg_2' ) ) );
		$this->assertSame( 2, $this->syncs );
	}

	public function test_webhook_test_is_recorded_without_a_sync(): void {
		$this->assertSame( 202, $this->receiver()->receive( ...self::signed( self::event( 'webhook.test' ), 'msg_t' ) ) );
		$this->assertSame( 0, $this->syncs );
		$this->assertSame( array( 'at' => self::NOW, 'type' => 'webhook.test' ), $this->state->state['last_event'] );
	}

	public function test_only_the_last_ids_are_kept(): void {
		for ( $i = 0; $i < Webhook_Receiver::SEEN + 5; $i++ ) {
			$this->receiver()->receive( ...self::signed( self::event( 'webhook.test' ), "msg_$i" ) );
		}
		$this->assertCount( Webhook_Receiver::SEEN, $this->state->state['seen'] );
		$this->assertSame( 'msg_' . ( Webhook_Receiver::SEEN + 4 ), end( $this->state->state['seen'] ) );
	}

	public function test_a_request_that_does_not_verify_is_401_and_changes_nothing(): void {
		$kept = $this->state->state;
		list( $body, $id, $at, $signature ) = self::signed( self::event( 'feed.changed' ), 'msg_1' );
		$bad = array(
			'tampered body'  => array( str_replace( '"changes":1', '"changes":2', $body ), $id, $at, $signature ),
			'other id'       => array( $body, 'msg_2', $at, $signature ),
			'no signature'   => array( $body, $id, $at, null ),
			'no id'          => array( $body, null, $at, $signature ),
			'no timestamp'   => array( $body, $id, null, $signature ),
			'old'            => self::signed( $body, 'msg_1', self::NOW - 301 ),
			'future'         => self::signed( $body, 'msg_1', self::NOW + 301 ),
			'another secret' => array( $body, $id, $at, ( new Webhook_Signature( new Secret( 'whsec_' . base64_encode( str_repeat( 'x', 32 ) ) ) ) )->sign( $id, self::NOW, $body ) ),
		);
		foreach ( $bad as $what => $request ) {
			$this->assertSame( 401, $this->receiver()->receive( ...$request ), $what );
		}
		$this->assertSame( 401, $this->receiver( null )->receive( $body, $id, $at, $signature ), 'no endpoint registered: nothing verifies' );
		$this->assertSame( 0, $this->syncs );
		$this->assertSame( $kept, $this->state->state );
	}
}
