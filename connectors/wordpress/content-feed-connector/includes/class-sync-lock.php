<?php
/**
 * One sync at a time per site.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * "Sync now", a second administrator and WP-Cron may start a sync at the same moment; each looks
 * a post up by its article before inserting it, so two at once would both insert. The lock is a
 * row created only when absent (Lock_Store::add) whose value names its holder and when it expires:
 * a sync that died holding it blocks the next ones only until then, and the stale row is removed
 * only if it is still the one that was read, so two syncs replacing it cannot both win. A long sync
 * renews its lock after each answer (refresh), so it never looks stale while it runs.
 */
final class Sync_Lock {

	/** Seconds a lock is held at most: longer than a sync takes (Sync_Runner::MAX_PAGES answers). */
	public const TTL = 15 * 60;

	/**
	 * Clock in Unix seconds.
	 *
	 * @var callable(): int
	 */
	private $now;

	/**
	 * A lock.
	 *
	 * @param Lock_Store    $store Where the row lives.
	 * @param int           $ttl   Seconds until a held lock counts as stale.
	 * @param callable|null $now   Clock; time() by default.
	 */
	public function __construct( private Lock_Store $store, private int $ttl = self::TTL, ?callable $now = null ) {
		$this->now = $now ?? 'time';
	}

	/**
	 * Takes the lock.
	 *
	 * @return string|null What to hand to release(), or null when another sync holds it.
	 */
	public function acquire(): ?string {
		$now  = ( $this->now )();
		$mine = bin2hex( random_bytes( 8 ) ) . ' ' . ( $now + $this->ttl );
		if ( $this->store->add( $mine ) ) {
			return $mine;
		}
		$held = $this->store->read();
		if ( null !== $held && self::expires( $held ) > $now ) {
			return null;
		}
		// Released meanwhile, or stale: remove exactly what was read, then try once more.
		if ( null !== $held ) {
			$this->store->delete_if( $held );
		}
		return $this->store->add( $mine ) ? $mine : null;
	}

	/**
	 * Renews a held lock's expiry.
	 *
	 * @param string $held What acquire() or the last refresh() returned.
	 * @return string|null What to hand on from now on, or null when the lock was lost (taken over after expiring).
	 */
	public function refresh( string $held ): ?string {
		// A new token each time: within the same second the value would not change, and MySQL
		// counts an UPDATE that changes nothing as no row, which would read as a lost lock.
		$next = bin2hex( random_bytes( 8 ) ) . ' ' . ( ( $this->now )() + $this->ttl );
		return $this->store->replace_if( $held, $next ) ? $next : null;
	}

	/**
	 * Gives the lock back (a no-op when it was taken over after expiring).
	 *
	 * @param string $held What acquire() returned.
	 */
	public function release( string $held ): void {
		$this->store->delete_if( $held );
	}

	/**
	 * When a lock value expires (0 for a value that is not one, so it counts as stale).
	 *
	 * @param string $value A lock row's value.
	 */
	private static function expires( string $value ): int {
		$parts = explode( ' ', $value );
		return 2 === count( $parts ) && ctype_digit( $parts[1] ) ? (int) $parts[1] : 0;
	}
}
