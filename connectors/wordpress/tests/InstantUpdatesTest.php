<?php
/**
 * Registering the webhook endpoint at Connect (through Api_Client, against a fake transport), and
 * why instant updates are off when they are.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Api_Client;
use Content_Feed_Connector\Api_Exception;
use Content_Feed_Connector\Instant_Updates;
use Content_Feed_Connector\Secret;
use Content_Feed_Connector\Transport_Exception;
use PHPUnit\Framework\TestCase;

final class InstantUpdatesTest extends TestCase {

	private const URL    = 'https://blog.example/wp-json/content-feed/v1/webhook';
	private const SCOPES = array( 'feed.read', 'subscription.manage', 'webhooks.manage' );

	private Fake_Transport $http;

	protected function setUp(): void {
		$this->http = new Fake_Transport();
	}

	private function register( array $scopes = self::SCOPES ): array {
		return Instant_Updates::register( new Api_Client( $this->http, 'https://feed.example', new Secret( 'cfs_live_x' ) ), $scopes, self::URL, 'WordPress: Blog' );
	}

	public function test_it_registers_the_route_for_feed_changed_and_keeps_the_secret_apart(): void {
		$this->http->json( 201, array( 'id' => 'whe_1', 'url' => self::URL, 'events' => array( 'feed.changed' ), 'secret' => 'whsec_abc=' ) );
		$registered = $this->register();
		$this->assertSame( array( 'endpoint_id' => 'whe_1', 'url' => self::URL ), $registered['state'] );
		$this->assertSame( 'whsec_abc=', $registered['secret']->reveal() );
		$sent = $this->http->requests[0];
		$this->assertSame( array( 'POST', 'https://feed.example/api/v1/webhooks', 'Bearer cfs_live_x' ), array( $sent['method'], $sent['url'], $sent['headers']['authorization'] ) );
		$this->assertSame( array( 'url' => self::URL, 'events' => array( 'feed.changed' ), 'description' => 'WordPress: Blog' ), json_decode( $sent['body'], true ) );
		$this->assertStringNotContainsString( 'whsec_', (string) json_encode( $registered['state'] ) );
		$this->assertTrue( Instant_Updates::status( $registered['state'], true )['on'] );
		$this->assertFalse( Instant_Updates::status( $registered['state'], false )['on'], 'no secret kept: nothing would verify' );
	}

	public function test_without_the_scope_it_asks_nothing_and_says_so(): void {
		$registered = $this->register( array( 'feed.read', 'subscription.manage' ) );
		$this->assertSame( array(), $this->http->requests );
		$this->assertSame( array( null, Instant_Updates::NO_SCOPE ), array( $registered['secret'], $registered['state']['reason'] ) );
	}

	public function test_each_refusal_is_kept_with_why(): void {
		$cases = array(
			array( 403, 'SCOPE_DENIED', Instant_Updates::NO_SCOPE, '/webhooks\.manage/' ),
			array( 403, 'CAPABILITY_NOT_ENTITLED', Instant_Updates::NOT_ENTITLED, '/plan does not include webhooks/' ),
			array( 400, 'MALFORMED_REQUEST', Instant_Updates::REFUSED, '/cannot deliver to this site\'s address \(The Content Feed Service answered 400: url refused\)/' ),
			array( 403, 'QUOTA_EXHAUSTED', Instant_Updates::FAILED, '/registering this site\'s endpoint failed \(The Content Feed Service answered 403: url refused\)/' ),
		);
		foreach ( $cases as list( $status, $code, $reason, $why ) ) {
			$this->http->json( $status, array( 'error' => array( 'code' => $code, 'message' => 'url refused' ) ) );
			$registered = $this->register();
			$this->assertNull( $registered['secret'] );
			$this->assertSame( $reason, $registered['state']['reason'], $code );
			$status_shown = Instant_Updates::status( $registered['state'], false );
			$this->assertFalse( $status_shown['on'] );
			$this->assertMatchesRegularExpression( $why, $status_shown['why'] );
		}
		$this->http->answers[] = new Transport_Exception( 'refused' );
		$this->assertSame( Instant_Updates::FAILED, $this->register()['state']['reason'] );
	}

	public function test_an_answer_without_a_secret_is_a_failure(): void {
		$this->http->json( 201, array( 'id' => 'whe_1' ) );
		$this->assertSame( Instant_Updates::FAILED, $this->register()['state']['reason'] );
	}

	public function test_deleting_an_endpoint_and_one_already_gone(): void {
		$api = new Api_Client( $this->http, 'https://feed.example', new Secret( 'cfs_live_x' ) );
		$this->http->json( 200, array( 'id' => 'whe_1' ) )->json( 404, array( 'error' => array( 'code' => 'NOT_FOUND', 'message' => 'Not found' ) ) )->json( 503, array( 'error' => array( 'code' => 'SERVICE_UNAVAILABLE', 'message' => 'x' ) ) );
		$api->delete_webhook( 'whe_1' );
		$api->delete_webhook( 'whe/2' );
		$this->assertSame( array( 'DELETE', 'https://feed.example/api/v1/webhooks/whe_1' ), array( $this->http->requests[0]['method'], $this->http->requests[0]['url'] ) );
		$this->assertSame( 'https://feed.example/api/v1/webhooks/whe%2F2', $this->http->requests[1]['url'] );
		$this->expectException( Api_Exception::class );
		$api->delete_webhook( 'whe_3' );
	}

	public function test_an_older_connection_without_an_endpoint_says_how_to_get_one(): void {
		$this->assertMatchesRegularExpression( '/connect again/', Instant_Updates::status( array(), false )['why'] );
	}
}
