<?php
/**
 * A whole sync: following hasMore, resuming after a failure, waiting out Retry-After.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Api_Client;
use Content_Feed_Connector\Change_Applier;
use Content_Feed_Connector\Http_Response;
use Content_Feed_Connector\Secret;
use Content_Feed_Connector\Sync_Planner;
use Content_Feed_Connector\Sync_Runner;
use Content_Feed_Connector\Transport_Exception;
use PHPUnit\Framework\TestCase;

final class SyncRunnerTest extends TestCase {

	private Fake_Transport $http;
	private Memory_Site_Store $store;
	private Memory_State $state;
	private int $now = 1_800_000_000;

	protected function setUp(): void {
		$this->http  = new Fake_Transport();
		$this->store = new Memory_Site_Store();
		$this->state = new Memory_State();
	}

	private function run_sync(): array {
		$api    = new Api_Client( $this->http, 'https://feed.example', new Secret( 'cfs_secret' ), fn () => $this->now );
		$runner = new Sync_Runner( $api, new Change_Applier( $this->store, new Sync_Planner( 'https://feed.example' ) ), $this->state, fn () => $this->now );
		return $runner->run();
	}

	private function page( array $changes, string $next, bool $more, ?string $etag = null ): void {
		$this->http->json( 200, array( 'data' => $changes, 'nextSince' => $next, 'hasMore' => $more ), null === $etag ? array() : array( 'ETag' => $etag ) );
	}

	public function test_a_sync_follows_has_more_and_a_second_sync_writes_nothing(): void {
		$this->page( array( Articles::upsert( Articles::article( 'a1' ) ) ), 'S1', true );
		$this->page( array( Articles::upsert( Articles::article( 'a2' ) ) ), 'S2', false, '"e2"' );
		$outcome = $this->run_sync();
		$this->assertTrue( $outcome['ok'], $outcome['message'] );
		$this->assertSame( 2, $outcome['counts']['created'] );
		$this->assertSame( array( array( 'limit' => '100' ), array( 'since' => 'S1', 'limit' => '100' ) ), array( $this->http->query( 0 ), $this->http->query( 1 ) ) );
		$this->assertSame( 'S2', $this->state->state['since'] );
		$this->assertSame( 'Synced: 2 created, 0 updated, 0 moved to the trash, 0 unchanged.', $this->state->state['last_sync']['message'] );

		// Caught up: the answer to S2 gives S2 back with its ETag; after that a 304.
		$this->store->writes = array();
		$this->page( array(), 'S2', false, '"e2"' );
		$this->assertTrue( $this->run_sync()['ok'] );
		$this->http->answers[] = new Http_Response( 304, array( 'ETag' => '"e2"' ) );
		$this->assertTrue( $this->run_sync()['ok'] );
		$this->assertSame( '"e2"', $this->http->requests[3]['headers']['if-none-match'] );
		$this->assertSame( array(), $this->store->writes );
		$this->assertSame( 'S2', $this->state->state['since'] );
	}

	public function test_a_failure_part_way_keeps_the_last_completed_since_and_the_next_sync_resumes_from_it(): void {
		$this->page( array( Articles::upsert( Articles::article( 'a1' ) ) ), 'S1', true );
		$this->page( array( Articles::upsert( Articles::article( 'a2' ) ), Articles::upsert( Articles::article( 'a3' ) ) ), 'S2', false );
		$this->store->fail_on_write = 3; // a3's post: the second answer is half applied.
		$outcome                    = $this->run_sync();
		$this->assertFalse( $outcome['ok'] );
		$this->assertSame( 'S1', $this->state->state['since'], 'the since moves only after a whole answer' );
		$this->assertStringNotContainsString( 'database gone', $outcome['message'] );

		$this->store->fail_on_write = null;
		$this->page( array( Articles::upsert( Articles::article( 'a2' ) ), Articles::upsert( Articles::article( 'a3' ) ) ), 'S2', false );
		$outcome = $this->run_sync();
		$this->assertTrue( $outcome['ok'] );
		$this->assertSame( array( 'since' => 'S1', 'limit' => '100' ), $this->http->query( 2 ) );
		$this->assertSame( array( 'created' => 1, 'updated' => 0, 'unchanged' => 1, 'trashed' => 0, 'images_failed' => 0 ), $outcome['counts'] );
		$this->assertCount( 3, $this->store->posts );
		$this->assertSame( 'S2', $this->state->state['since'] );
	}

	public function test_a_429_stops_and_the_next_sync_waits_out_retry_after(): void {
		$this->state->state = array( 'since' => 'S1' );
		$this->http->json( 429, array( 'error' => array( 'code' => 'RATE_LIMITED', 'message' => 'x' ) ), array( 'Retry-After' => '300' ) );
		$outcome = $this->run_sync();
		$this->assertFalse( $outcome['ok'] );
		$this->assertSame( $this->now + 300, $this->state->state['retry_at'] );

		$this->now += 299;
		$outcome    = $this->run_sync();
		$this->assertCount( 1, $this->http->requests, 'no call before Retry-After has passed' );
		$this->assertStringContainsString( 'Waiting until', $outcome['message'] );

		$this->now += 1;
		$this->page( array( Articles::upsert( Articles::article( 'a1' ) ) ), 'S2', false );
		$this->assertTrue( $this->run_sync()['ok'] );
		$this->assertSame( array( 'since' => 'S1', 'limit' => '100' ), $this->http->query( 1 ) );
		$this->assertArrayNotHasKey( 'retry_at', $this->state->state );
	}

	public function test_a_revoked_credential_writes_nothing_and_says_so(): void {
		$this->state->state = array( 'since' => 'S1' );
		$this->http->json( 401, array( 'error' => array( 'code' => 'UNAUTHENTICATED', 'message' => 'x' ) ) );
		$outcome = $this->run_sync();
		$this->assertFalse( $outcome['ok'] );
		$this->assertStringContainsString( 'revoked', $outcome['message'] );
		$this->assertSame( array(), $this->store->writes );
		$this->assertSame( 'S1', $this->state->state['since'] );
		$this->assertSame( $outcome, $this->state->state['last_sync'] );
	}

	public function test_a_refused_since_reads_the_whole_feed_again_and_trashes_what_left_it(): void {
		$this->page( array( Articles::upsert( Articles::article( 'a1' ) ), Articles::upsert( Articles::article( 'a2' ) ), Articles::upsert( Articles::article( 'a3' ) ) ), 'S1', false );
		$this->run_sync();
		$this->store->writes = array();
		// Offline longer than the service keeps changes: a2 left the feed meanwhile, and no delete will say so.
		$this->http->json( 400, array( 'error' => array( 'code' => 'MALFORMED_REQUEST', 'message' => 'since: start over without since' ) ) );
		$this->page( array( Articles::upsert( Articles::article( 'a1' ) ) ), 'R1', true );
		$this->page( array( Articles::upsert( Articles::article( 'a3' ) ), Articles::upsert( Articles::article( 'a4' ) ) ), 'R2', false );
		$outcome = $this->run_sync();
		$this->assertTrue( $outcome['ok'], $outcome['message'] );
		$this->assertSame( array( 'since' => 'S1', 'limit' => '100' ), $this->http->query( 1 ) );
		$this->assertSame( array( 'limit' => '100' ), $this->http->query( 2 ) );
		$this->assertSame( array( 'created' => 1, 'updated' => 0, 'unchanged' => 2, 'trashed' => 1, 'images_failed' => 0 ), $outcome['counts'] );
		$this->assertStringStartsWith( 'Read the whole feed again', $outcome['message'] );
		$this->assertSame( 'trash', $this->store->post_of( 'a2' )['status'] );
		$this->assertSame( array( 'a1', 'a3', 'a4' ), array_keys( $this->store->live_posts() ) );
		$this->assertSame( 'R2', $this->state->state['since'] );
		$this->assertArrayNotHasKey( 'resync', $this->state->state );
	}

	public function test_a_resync_cut_short_keeps_what_it_read_and_trashes_only_when_caught_up(): void {
		$this->page( array( Articles::upsert( Articles::article( 'a1' ) ), Articles::upsert( Articles::article( 'a2' ) ) ), 'S1', false );
		$this->run_sync();
		$this->http->json( 400, array( 'error' => array( 'code' => 'MALFORMED_REQUEST', 'message' => 'too old' ) ) );
		$this->page( array( Articles::upsert( Articles::article( 'a1' ) ) ), 'R1', true );
		$this->http->answers[] = new Transport_Exception( 'timeout' );
		$this->assertFalse( $this->run_sync()['ok'] );
		// Nothing trashed yet: the resync has not seen the whole feed.
		$this->assertSame( array( 'a1', 'a2' ), array_keys( $this->store->live_posts() ) );
		$this->assertSame( array( 'a1' => true ), $this->state->state['resync'] );
		$this->assertSame( 'R1', $this->state->state['since'] );

		$this->page( array( Articles::delete( 'a1', 'removed' ) ), 'R2', false );
		$outcome = $this->run_sync();
		$this->assertTrue( $outcome['ok'], $outcome['message'] );
		$this->assertSame( array( 'since' => 'R1', 'limit' => '100' ), $this->http->query( 4 ) );
		$this->assertSame( array(), $this->store->live_posts() );
		$this->assertSame( 2, $outcome['counts']['trashed'] );
	}

	public function test_a_since_refused_again_during_a_resync_is_a_failure_not_a_loop(): void {
		$this->state->state = array( 'since' => 'S1' );
		$this->http->json( 400, array( 'error' => array( 'code' => 'MALFORMED_REQUEST', 'message' => 'too old' ) ) );
		$this->page( array( Articles::upsert( Articles::article( 'a1' ) ) ), 'R1', true );
		$this->http->json( 400, array( 'error' => array( 'code' => 'MALFORMED_REQUEST', 'message' => 'too old' ) ) );
		$outcome = $this->run_sync();
		$this->assertFalse( $outcome['ok'] );
		$this->assertStringContainsString( 'no longer valid', $outcome['message'] );
		$this->assertCount( 3, $this->http->requests );
		$this->assertSame( 'R1', $this->state->state['since'] );
	}

	public function test_an_unreachable_service_keeps_the_since(): void {
		$this->state->state    = array( 'since' => 'S1' );
		$this->http->answers[] = new Transport_Exception( 'timeout' );
		$outcome               = $this->run_sync();
		$this->assertFalse( $outcome['ok'] );
		$this->assertStringContainsString( 'could not be reached', $outcome['message'] );
		$this->assertSame( 'S1', $this->state->state['since'] );
		$this->assertArrayNotHasKey( 'retry_at', $this->state->state );
	}

	public function test_a_delete_in_a_later_sync_trashes_and_an_update_edits(): void {
		$this->page( array( Articles::upsert( Articles::article( 'a1' ) ), Articles::upsert( Articles::article( 'a2' ) ) ), 'S1', false );
		$this->run_sync();
		$this->page( array( Articles::delete( 'a1', 'unsubscribed' ), Articles::upsert( Articles::article( 'a2', array( 'personalized' => Articles::personalized( 'a2' ) ) ) ) ), 'S2', false );
		$outcome = $this->run_sync();
		$this->assertSame( array( 1, 1 ), array( $outcome['counts']['trashed'], $outcome['counts']['updated'] ) );
		$this->assertSame( 'trash', $this->store->post_of( 'a1' )['status'] );
		$this->assertSame( 'Personal title of a2', $this->store->post_of( 'a2' )['title'] );
	}

	public function test_a_sync_whose_lock_was_lost_stops_after_the_answer_it_completed(): void {
		$this->page( array( Articles::upsert( Articles::article( 'a1' ) ) ), 'S1', true );
		$this->page( array( Articles::upsert( Articles::article( 'a2' ) ) ), 'S2', false );
		$asked   = 0;
		$api     = new Api_Client( $this->http, 'https://feed.example', new Secret( 'cfs_secret' ), fn () => $this->now );
		$runner  = new Sync_Runner(
			$api,
			new Change_Applier( $this->store, new Sync_Planner( 'https://feed.example' ) ),
			$this->state,
			fn () => $this->now,
			function () use ( &$asked ): bool {
				++$asked;
				return false;
			}
		);
		$outcome = $runner->run();
		$this->assertFalse( $outcome['ok'] );
		$this->assertStringContainsString( 'another one took over', $outcome['message'] );
		$this->assertSame( 1, $asked );
		$this->assertCount( 1, $this->http->requests, 'no further answer is read' );
		$this->assertSame( 'S1', $this->state->state['since'] );
		$this->assertCount( 1, $this->store->posts );
	}
}
