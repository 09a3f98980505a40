<?php
/**
 * The API client: redeem, the changes feed, and the failures every call shares.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Api_Client;
use Content_Feed_Connector\Api_Exception;
use Content_Feed_Connector\Http_Response;
use Content_Feed_Connector\Secret;
use Content_Feed_Connector\Transport_Exception;
use PHPUnit\Framework\TestCase;

final class ApiClientTest extends TestCase {

	private const SECRET = 'cfs_live_SECRET_never_shown_123';

	private Fake_Transport $http;

	protected function setUp(): void {
		$this->http = new Fake_Transport();
	}

	private function client( bool $connected = true ): Api_Client {
		return new Api_Client( $this->http, 'https://feed.example/ ', $connected ? new Secret( self::SECRET ) : null, fn () => 1_800_000_000 );
	}

	private function failure( callable $call ): Api_Exception {
		try {
			$call();
		} catch ( Api_Exception $e ) {
			$this->assertStringNotContainsString( self::SECRET, $e->getMessage() . $e->getTraceAsString() );
			return $e;
		}
		$this->fail( 'no Api_Exception' );
	}

	public function test_redeem_sends_the_code_without_authorization_and_returns_the_credential(): void {
		$this->http->json( 201, array( 'credential' => array( 'id' => 'cred_1', 'secret' => self::SECRET, 'scopes' => array( 'feed.read' ) ), 'site' => array( 'id' => 'site_1' ) ) );
		$connection = $this->client( false )->redeem( ' cfc_abc ' );
		$this->assertSame( 'site_1', $connection['site_id'] );
		$this->assertSame( 'cred_1', $connection['credential_id'] );
		$this->assertSame( self::SECRET, $connection['secret']->reveal() );
		$request = $this->http->requests[0];
		$this->assertSame( array( 'POST', 'https://feed.example/connect/cms/redeem' ), array( $request['method'], $request['url'] ) );
		$this->assertSame( array( 'code' => 'cfc_abc' ), json_decode( $request['body'], true ) );
		$this->assertArrayNotHasKey( 'authorization', $request['headers'] );
	}

	public function test_a_wrong_or_used_code_is_a_clear_error(): void {
		$this->http->json( 401, array( 'error' => array( 'code' => 'UNAUTHENTICATED', 'message' => 'x' ) ) );
		$e = $this->failure( fn () => $this->client( false )->redeem( 'cfc_used' ) );
		$this->assertSame( Api_Exception::UNAUTHENTICATED, $e->kind );
		$this->assertStringContainsString( 'connection code is wrong, expired or already used', $e->getMessage() );
	}

	public function test_the_secret_never_shows_in_a_dump(): void {
		$client = $this->client();
		$this->assertStringNotContainsString( self::SECRET, print_r( $client, true ) ); // phpcs:ignore Generic.PHP.ForbiddenFunctions.Found -- the test dumps on purpose.
		ob_start();
		var_dump( $client ); // phpcs:ignore Generic.PHP.ForbiddenFunctions.Found -- the test dumps on purpose.
		$this->assertStringNotContainsString( self::SECRET, (string) ob_get_clean() );
	}

	public function test_changes_sends_the_bearer_since_and_limit_and_reads_the_page(): void {
		$this->http->json( 200, array( 'data' => array( Articles::delete( 'a1' ) ), 'nextSince' => 'S2', 'hasMore' => true ), array( 'ETag' => '"e2"' ) );
		$page = $this->client()->changes( 'S1', null, 100 );
		$this->assertSame( array( Articles::delete( 'a1' ) ), $page->changes );
		$this->assertSame( array( 'S2', true, '"e2"' ), array( $page->next_since, $page->has_more, $page->etag ) );
		$this->assertSame( 'Bearer ' . self::SECRET, $this->http->requests[0]['headers']['authorization'] );
		$this->assertSame( array( 'since' => 'S1', 'limit' => '100' ), $this->http->query( 0 ) );
		$this->assertStringStartsWith( 'https://feed.example/api/v1/feed/changes?', $this->http->requests[0]['url'] );
	}

	public function test_no_since_starts_from_the_beginning_and_a_304_means_nothing_changed(): void {
		$this->http->json( 200, array( 'data' => array(), 'nextSince' => 'S1', 'hasMore' => false ) );
		$this->client()->changes( null, '"ignored"' );
		$this->assertSame( array( 'limit' => '100' ), $this->http->query( 0 ) );
		$this->assertArrayNotHasKey( 'if-none-match', $this->http->requests[0]['headers'] );

		$this->http->answers[] = new Http_Response( 304, array( 'ETag' => '"e1"' ) );
		$this->assertNull( $this->client()->changes( 'S1', '"e1"' ) );
		$this->assertSame( '"e1"', $this->http->requests[1]['headers']['if-none-match'] );
	}

	public function test_a_401_later_says_the_connection_was_revoked(): void {
		$this->http->json( 401, array( 'error' => array( 'code' => 'UNAUTHENTICATED', 'message' => 'x' ) ) );
		$e = $this->failure( fn () => $this->client()->changes( 'S1' ) );
		$this->assertSame( Api_Exception::UNAUTHENTICATED, $e->kind );
		$this->assertStringContainsString( 'revoked', $e->getMessage() );
	}

	public function test_429_and_503_carry_retry_after_in_seconds_or_as_a_date(): void {
		$this->http->json( 429, array( 'error' => array( 'code' => 'RATE_LIMITED', 'message' => 'x' ) ), array( 'Retry-After' => '17' ) );
		$e = $this->failure( fn () => $this->client()->changes( 'S1' ) );
		$this->assertSame( array( Api_Exception::RATE_LIMITED, 17, true ), array( $e->kind, $e->retry_after, $e->is_retry_later() ) );

		$this->http->json( 503, array( 'error' => array( 'code' => 'SERVICE_UNAVAILABLE', 'message' => 'x' ) ), array( 'Retry-After' => gmdate( 'D, d M Y H:i:s \G\M\T', 1_800_000_120 ) ) );
		$e = $this->failure( fn () => $this->client()->changes( 'S1' ) );
		$this->assertSame( array( Api_Exception::UNAVAILABLE, 120 ), array( $e->kind, $e->retry_after ) );

		$this->http->json( 503, array() );
		$this->assertSame( Api_Client::DEFAULT_RETRY_AFTER, $this->failure( fn () => $this->client()->changes( 'S1' ) )->retry_after );
	}

	public function test_an_unreachable_service_hides_the_transport_error(): void {
		$this->http->answers[] = new Transport_Exception( 'cURL error 7: Failed to connect to 10.0.0.1 port 8080' );
		$e                     = $this->failure( fn () => $this->client()->changes( 'S1' ) );
		$this->assertSame( Api_Exception::UNREACHABLE, $e->kind );
		$this->assertStringNotContainsString( 'cURL', $e->getMessage() );
	}

	public function test_other_errors_and_bad_bodies_are_failures(): void {
		$this->http->json( 400, array( 'error' => array( 'code' => 'MALFORMED_REQUEST', 'message' => 'limit: must be 1..100' ) ) );
		$e = $this->failure( fn () => $this->client()->changes( null ) );
		$this->assertSame( Api_Exception::FAILED, $e->kind );
		$this->assertSame( 'The Content Feed Service answered 400: limit: must be 1..100', $e->getMessage() );
		// A 400 to a kept since means that position is gone: the sync starts over (SyncRunnerTest).
		$this->http->json( 400, array( 'error' => array( 'code' => 'MALFORMED_REQUEST', 'message' => 'since is too old: start over without since' ) ) );
		$this->assertSame( Api_Exception::SINCE_REFUSED, $this->failure( fn () => $this->client()->changes( 'S1' ) )->kind );

		$this->http->answers[] = new Http_Response( 200, array(), '<html>' );
		$this->assertSame( Api_Exception::FAILED, $this->failure( fn () => $this->client()->changes( 'S1' ) )->kind );
		$this->http->json( 200, array( 'data' => array() ) );
		$this->assertSame( Api_Exception::FAILED, $this->failure( fn () => $this->client()->changes( 'S1' ) )->kind );
	}

	public function test_the_taxonomy_gives_names_by_key(): void {
		$this->http->json( 200, array( 'categories' => array( array( 'key' => 'technology', 'name' => 'Technology', 'topics' => array() ) ) ) );
		$this->assertSame( array( 'technology' => 'Technology' ), $this->client()->category_names() );
		$this->assertSame( 'https://feed.example/api/v1/taxonomy', $this->http->requests[0]['url'] );
	}

	public function test_the_taxonomy_gives_categories_with_their_topic_names(): void {
		$this->http->json(
			200,
			array(
				'categories' => array(
					array( 'key' => 'technology', 'name' => 'Technology', 'topics' => array( array( 'key' => 'ai', 'name' => 'AI' ), array( 'key' => 'web', 'name' => 'Web' ) ) ),
					array( 'key' => 'broken' ),
					array( 'key' => 'sport', 'name' => 'Sport' ),
				),
			)
		);
		$this->assertSame(
			array(
				array( 'key' => 'technology', 'name' => 'Technology', 'topics' => array( 'AI', 'Web' ) ),
				array( 'key' => 'sport', 'name' => 'Sport', 'topics' => array() ),
			),
			$this->client()->taxonomy()
		);
		$this->assertSame( 'Bearer ' . self::SECRET, $this->http->requests[0]['headers']['authorization'] );
	}

	public function test_subscriptions_are_read_with_the_bearer(): void {
		$this->http->json( 200, array( 'categories' => array( 'technology', 'sport' ) ) );
		$this->assertSame( array( 'technology', 'sport' ), $this->client()->subscriptions() );
		$request = $this->http->requests[0];
		$this->assertSame( array( 'GET', 'https://feed.example/api/v1/subscriptions', null ), array( $request['method'], $request['url'], $request['body'] ) );
		$this->assertSame( 'Bearer ' . self::SECRET, $request['headers']['authorization'] );
	}

	public function test_saving_subscriptions_puts_the_whole_set_and_returns_what_the_service_kept(): void {
		$this->http->json( 200, array( 'categories' => array( 'sport' ) ) );
		$this->assertSame( array( 'sport' ), $this->client()->replace_subscriptions( array( 'sport', 'sport' ) ) );
		$request = $this->http->requests[0];
		$this->assertSame( array( 'PUT', 'https://feed.example/api/v1/subscriptions' ), array( $request['method'], $request['url'] ) );
		$this->assertSame( array( 'categories' => array( 'sport' ) ), json_decode( $request['body'], true ) );
		$this->assertSame( 'application/json', $request['headers']['content-type'] );
		$this->assertSame( 'Bearer ' . self::SECRET, $request['headers']['authorization'] );

		$this->http->json( 200, array( 'categories' => array() ) );
		$this->client()->replace_subscriptions( array() );
		$this->assertSame( '{"categories":[]}', $this->http->requests[1]['body'] );
	}

	public function test_subscription_failures_are_api_exceptions(): void {
		$this->http->json( 400, array( 'error' => array( 'code' => 'MALFORMED_REQUEST', 'message' => 'unknown category: nope' ) ) );
		$e = $this->failure( fn () => $this->client()->replace_subscriptions( array( 'nope' ) ) );
		$this->assertSame( array( Api_Exception::FAILED, 400, 'The Content Feed Service answered 400: unknown category: nope' ), array( $e->kind, $e->status, $e->getMessage() ) );

		$this->http->json( 401, array( 'error' => array( 'code' => 'UNAUTHENTICATED', 'message' => 'x' ) ) );
		$this->assertSame( Api_Exception::UNAUTHENTICATED, $this->failure( fn () => $this->client()->subscriptions() )->kind );

		$this->http->json( 200, array( 'categories' => 'technology' ) );
		$this->assertSame( Api_Exception::FAILED, $this->failure( fn () => $this->client()->subscriptions() )->kind );

		$this->assertSame( Api_Exception::UNAUTHENTICATED, $this->failure( fn () => $this->client( false )->replace_subscriptions( array() ) )->kind );
		$this->assertCount( 3, $this->http->requests );
	}

	public function test_the_service_url_must_be_http_or_https(): void {
		$this->expectException( \InvalidArgumentException::class );
		new Api_Client( $this->http, 'ftp://feed.example' );
	}

	public function test_revoke_self_posts_with_the_bearer_and_failures_are_api_exceptions(): void {
		$this->http->json( 200, array( 'id' => 'cred_1', 'revokedAt' => '2026-11-27T06:00:00.000Z' ) );
		$this->client()->revoke_self();
		$this->assertSame( 'POST', $this->http->requests[0]['method'] );
		$this->assertSame( 'https://feed.example/api/v1/me/revoke', $this->http->requests[0]['url'] );
		$this->assertSame( 'Bearer ' . self::SECRET, $this->http->requests[0]['headers']['authorization'] );

		$this->http->json( 401, array( 'error' => array( 'code' => 'UNAUTHENTICATED', 'message' => 'Invalid credential.' ) ) );
		$this->assertSame( Api_Exception::UNAUTHENTICATED, $this->failure( fn () => $this->client()->revoke_self() )->kind );
		$this->http->answers[] = new \Content_Feed_Connector\Transport_Exception( 'refused' );
		$this->assertSame( Api_Exception::UNREACHABLE, $this->failure( fn () => $this->client()->revoke_self() )->kind );
		$this->http->json( 500, array( 'error' => array( 'code' => 'INTERNAL_ERROR', 'message' => 'Something went wrong.' ) ) );
		$this->assertSame( Api_Exception::FAILED, $this->failure( fn () => $this->client()->revoke_self() )->kind );
	}
}
