<?php
/**
 * One sync at a time: the lock over an atomic row, with expiry.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Sync_Lock;
use PHPUnit\Framework\TestCase;

final class SyncLockTest extends TestCase {

	private Memory_Lock_Store $store;
	private int $now = 1_800_000_000;

	protected function setUp(): void {
		$this->store = new Memory_Lock_Store();
	}

	private function lock(): Sync_Lock {
		return new Sync_Lock( $this->store, 600, fn () => $this->now );
	}

	public function test_one_holder_at_a_time_until_it_releases(): void {
		$first = $this->lock()->acquire();
		$this->assertNotNull( $first );
		$this->assertNull( $this->lock()->acquire(), 'a second sync does not start' );
		$this->lock()->release( $first );
		$this->assertNull( $this->store->value );
		$this->assertNotNull( $this->lock()->acquire() );
	}

	public function test_a_stale_lock_is_taken_over_after_its_expiry_only(): void {
		$dead = $this->lock()->acquire();
		$this->now += 599;
		$this->assertNull( $this->lock()->acquire() );
		$this->now += 1;
		$next = $this->lock()->acquire();
		$this->assertNotNull( $next );
		$this->assertNotSame( $dead, $next );
		// The dead holder coming back late does not release its successor's lock.
		$this->lock()->release( $dead );
		$this->assertSame( $next, $this->store->value );
	}

	public function test_an_unreadable_lock_value_counts_as_stale(): void {
		$this->store->value = 'garbage';
		$this->assertNotNull( $this->lock()->acquire() );
	}

	public function test_two_syncs_replacing_a_stale_lock_cannot_both_win(): void {
		$this->store->value = 'dead ' . ( $this->now - 1 );
		// B reads the stale value after A did and then replaces it first: A's delete_if finds B's
		// lock, not the stale one, deletes nothing, and A's add fails.
		$b_got                = null;
		$this->store->before  = function ( string $call ) use ( &$b_got ) {
			if ( 'delete_if' === $call && null === $b_got ) {
				$this->store->before = null;
				$b_got               = $this->lock()->acquire();
			}
		};
		$a_got = $this->lock()->acquire();
		$this->assertNotNull( $b_got );
		$this->assertNull( $a_got );
		$this->assertSame( $b_got, $this->store->value );
	}

	public function test_a_lock_released_between_add_and_read_is_taken(): void {
		$this->store->value  = 'other ' . ( $this->now + 600 );
		$this->store->before = function ( string $call ) {
			if ( 'read' === $call ) {
				$this->store->value  = null;
				$this->store->before = null;
			}
		};
		$this->assertNotNull( $this->lock()->acquire() );
	}

	public function test_a_refreshed_lock_does_not_go_stale_and_a_lost_one_cannot_be_refreshed(): void {
		$held = $this->lock()->acquire();
		$held = $this->lock()->refresh( $held );
		$this->assertNotNull( $held, 'renewed within the same second' );
		$this->now += 500;
		$held = $this->lock()->refresh( $held );
		$this->assertNotNull( $held );
		$this->now += 500;
		$this->assertNull( $this->lock()->acquire(), 'renewed 500 s ago: not stale' );
		$this->now += 100;
		$other = $this->lock()->acquire();
		$this->assertNotNull( $other, 'not renewed for 600 s: stale' );
		$this->assertNull( $this->lock()->refresh( $held ), 'the old holder learns it lost the lock' );
		$this->assertSame( $other, $this->store->value );
	}
}
