<?php
/**
 * One sync: read the changes feed from the kept since and apply it, page by page.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * The since moves only after every change of an answer is applied, so a sync that fails part
 * way resumes from the last answer it completed (re-applying is harmless: Change_Applier skips
 * posts that already match). After a 429 or 503 it waits out Retry-After before calling again.
 * A kept since the service refuses (400: older than the changes it keeps) starts a resync from
 * the beginning; the article ids it reads are kept with the state, and when it is caught up the
 * posts of articles it did not see are trashed, so the site holds the feed again.
 */
final class Sync_Runner {

	/** Answers one run follows while hasMore (the rest waits for the next run). */
	public const MAX_PAGES = 50;

	/**
	 * Clock in Unix seconds.
	 *
	 * @var callable(): int
	 */
	private $now;

	/**
	 * Asked after each applied answer whether the sync may go on (the sync's lock renewed).
	 *
	 * @var callable(): bool
	 */
	private $still_held;

	/**
	 * A runner.
	 *
	 * @param Api_Client     $api        The service.
	 * @param Change_Applier $applier    The writer.
	 * @param State_Store    $state      Where since and the outcome are kept.
	 * @param callable|null  $now        Clock; time() by default.
	 * @param callable|null  $still_held Renews the sync's lock after each answer; false stops the sync. Always true by default.
	 */
	public function __construct( private Api_Client $api, private Change_Applier $applier, private State_Store $state, ?callable $now = null, ?callable $still_held = null ) {
		$this->now        = $now ?? 'time';
		$this->still_held = $still_held ?? static fn (): bool => true;
	}

	/**
	 * Runs one sync and keeps its outcome.
	 *
	 * @return array{ok: bool, message: string, counts: array<string, int>, at: int}
	 */
	public function run(): array {
		$now    = ( $this->now )();
		$state  = $this->state->load();
		$counts = Change_Applier::no_counts();
		if ( isset( $state['retry_at'] ) && $now < (int) $state['retry_at'] ) {
			return $this->finish( $state, false, sprintf( /* translators: %s: date and time (UTC). */ __( 'Waiting until %s UTC, as the service asked.', 'content-feed-connector' ), gmdate( 'Y-m-d H:i:s', (int) $state['retry_at'] ) ), $counts, $now );
		}
		unset( $state['retry_at'] );
		$resynced = false;
		try {
			for ( $page = 0; $page < self::MAX_PAGES; ++$page ) {
				$since = $state['since'] ?? null;
				try {
					$answer = $this->api->changes( $since, $state['etag'] ?? null );
				} catch ( Api_Exception $e ) {
					if ( Api_Exception::SINCE_REFUSED !== $e->kind || isset( $state['resync'] ) ) {
						throw $e;
					}
					$state = array_merge( $state, array( 'since' => null, 'etag' => null, 'resync' => array() ) );
					$this->state->save( $state );
					continue;
				}
				if ( null === $answer ) {
					break;
				}
				foreach ( $this->applier->apply( $answer->changes ) as $key => $n ) {
					$counts[ $key ] += $n;
				}
				if ( isset( $state['resync'] ) ) {
					$state['resync'] = self::seen( $state['resync'], $answer->changes );
				}
				// The whole answer is applied: only now does the kept since move.
				$state['since'] = $answer->next_since;
				// An ETag names the answer to one since: worth sending again only when caught up (nextSince = since).
				$state['etag'] = $answer->next_since === $since ? $answer->etag : null;
				if ( ! $answer->has_more && isset( $state['resync'] ) ) {
					$counts['trashed'] += $this->applier->trash_all_but( $state['resync'] );
					unset( $state['resync'] );
					$resynced = true;
				}
				$this->state->save( $state );
				if ( ! $answer->has_more ) {
					break;
				}
				if ( ! ( $this->still_held )() ) {
					return $this->finish( $state, false, __( 'The sync ran so long that another one took over; it stopped after the last complete answer.', 'content-feed-connector' ), $counts, $now );
				}
			}
		} catch ( Api_Exception $e ) {
			if ( $e->is_retry_later() ) {
				$state['retry_at'] = $now + (int) $e->retry_after;
			}
			return $this->finish( $state, false, $e->getMessage(), $counts, $now );
		} catch ( \UnexpectedValueException $e ) {
			return $this->finish( $state, false, __( 'The changes feed held something this connector does not understand; nothing after it was applied.', 'content-feed-connector' ), $counts, $now );
		} catch ( \Throwable $e ) {
			return $this->finish( $state, false, __( 'WordPress could not save a post; the next sync resumes where this one stopped.', 'content-feed-connector' ), $counts, $now );
		}
		$summary = self::summary( $counts );
		return $this->finish( $state, true, $resynced ? __( 'Read the whole feed again (the kept position had expired).', 'content-feed-connector' ) . ' ' . $summary : $summary, $counts, $now );
	}

	/**
	 * The article ids a resync has read so far, after one more answer.
	 *
	 * @param array<string, bool>              $seen    Article ids as keys.
	 * @param array<int, array<string, mixed>> $changes The answer's changes.
	 * @return array<string, bool>
	 */
	private static function seen( array $seen, array $changes ): array {
		foreach ( $changes as $change ) {
			if ( 'upsert' === ( $change['type'] ?? null ) && is_string( $change['article']['id'] ?? null ) ) {
				$seen[ $change['article']['id'] ] = true;
			} elseif ( is_string( $change['id'] ?? null ) ) {
				unset( $seen[ $change['id'] ] );
			}
		}
		return $seen;
	}

	/**
	 * Keeps and returns the outcome.
	 *
	 * @param array<string, mixed> $state   State to keep.
	 * @param bool                 $ok      Whether the sync completed.
	 * @param string               $message Safe to show.
	 * @param array<string, int>   $counts  What was written.
	 * @param int                  $now     When.
	 * @return array{ok: bool, message: string, counts: array<string, int>, at: int}
	 */
	private function finish( array $state, bool $ok, string $message, array $counts, int $now ): array {
		$outcome            = array(
			'ok'      => $ok,
			'message' => $message,
			'counts'  => $counts,
			'at'      => $now,
		);
		$state['last_sync'] = $outcome;
		$this->state->save( $state );
		return $outcome;
	}

	/**
	 * A one-line account of a completed sync.
	 *
	 * @param array<string, int> $counts What was written.
	 */
	private static function summary( array $counts ): string {
		/* translators: 1: posts created, 2: posts updated, 3: posts moved to the trash, 4: posts unchanged. */
		$message = sprintf( __( 'Synced: %1$d created, %2$d updated, %3$d moved to the trash, %4$d unchanged.', 'content-feed-connector' ), $counts['created'], $counts['updated'], $counts['trashed'], $counts['unchanged'] );
		return $counts['images_failed'] > 0 ? $message . ' ' . sprintf( /* translators: %d: number of images. */ _n( '%d featured image could not be downloaded.', '%d featured images could not be downloaded.', $counts['images_failed'], 'content-feed-connector' ), $counts['images_failed'] ) : $message;
	}
}
