<?php
/**
 * Applies the changes of one changes-feed answer to the site through a Site_Store.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * An upsert creates or updates the article's one post (a trashed one is restored); a delete,
 * whatever its reason, trashes it. A post whose fingerprint already matches its plan is not
 * touched, so applying the same answer twice writes nothing the second time.
 */
final class Change_Applier {

	/**
	 * Category names by key, fetched once when a category has to be created.
	 *
	 * @var array<string, string>|null
	 */
	private ?array $category_names = null;

	/**
	 * An applier.
	 *
	 * @param Site_Store    $store          Where to write.
	 * @param Sync_Planner  $planner        The mapping.
	 * @param bool          $drafts         Create posts as drafts instead of publishing them.
	 * @param callable|null $category_names_source Returns the taxonomy's names by key (may throw Api_Exception); keys name themselves when null.
	 */
	public function __construct( private Site_Store $store, private Sync_Planner $planner, private bool $drafts = false, private $category_names_source = null ) {
	}

	/**
	 * The counters of a sync or an answer before anything is written.
	 *
	 * @return array{created: int, updated: int, unchanged: int, trashed: int, images_failed: int}
	 */
	public static function no_counts(): array {
		return array(
			'created'       => 0,
			'updated'       => 0,
			'unchanged'     => 0,
			'trashed'       => 0,
			'images_failed' => 0,
		);
	}

	/**
	 * Applies changes in order.
	 *
	 * @param array<int, array<string, mixed>> $changes Upserts and deletes.
	 * @return array{created: int, updated: int, unchanged: int, trashed: int, images_failed: int}
	 * @throws \UnexpectedValueException On a change the API does not describe.
	 */
	public function apply( array $changes ): array {
		$counts = self::no_counts();
		foreach ( $changes as $change ) {
			$type = $change['type'] ?? null;
			if ( 'upsert' === $type && is_array( $change['article'] ?? null ) ) {
				$this->upsert( $this->planner->plan( $change['article'] ), $counts );
			} elseif ( 'delete' === $type && is_string( $change['id'] ?? null ) ) {
				$post = $this->store->find_post( $change['id'] );
				if ( null !== $post && 'trash' !== $post['status'] ) {
					$this->store->trash_post( $post['id'] );
					++$counts['trashed'];
				}
			} else {
				throw new \UnexpectedValueException( 'The changes feed held a change of an unknown type.' );
			}
		}
		return $counts;
	}

	/**
	 * Trashes the plugin's posts whose article is not in `$keep` (a full resync: the articles that
	 * left the feed while the kept position was lost have no delete to tell of them).
	 *
	 * @param array<string, mixed> $keep Article ids as keys.
	 * @return int Posts trashed.
	 */
	public function trash_all_but( array $keep ): int {
		$trashed = 0;
		foreach ( $this->store->live_posts() as $article_id => $post_id ) {
			if ( ! array_key_exists( (string) $article_id, $keep ) ) {
				$this->store->trash_post( $post_id );
				++$trashed;
			}
		}
		return $trashed;
	}

	/**
	 * Creates, updates or leaves the article's post.
	 *
	 * @param Post_Plan            $plan   The plan.
	 * @param array<string, int>   $counts Counters.
	 */
	private function upsert( Post_Plan $plan, array &$counts ): void {
		$post = $this->store->find_post( $plan->article_id );
		if ( null !== $post && 'trash' !== $post['status'] && $plan->fingerprint() === $post['fingerprint'] ) {
			++$counts['unchanged'];
			return;
		}
		$categories = array_map( fn ( string $key ) => $this->category( $key ), $plan->category_keys );
		$attachment = null;
		if ( null !== $plan->image_key && null !== $plan->image_url ) {
			$attachment = $this->store->find_attachment( $plan->image_key ) ?? $this->store->sideload_image( $plan->image_url, $plan->image_key, $plan->title );
			if ( null === $attachment ) {
				++$counts['images_failed'];
			}
		}
		$fingerprint = $plan->fingerprint( null !== $attachment || null === $plan->image_key );
		$status      = $this->drafts ? 'draft' : 'publish';
		if ( null === $post ) {
			$this->store->create_post( $plan, $status, $categories, $attachment, $fingerprint );
			++$counts['created'];
			return;
		}
		// A post the owner published or drafted keeps its status; a trashed one comes back.
		$this->store->update_post( $post['id'], $plan, 'trash' === $post['status'] ? $status : null, $categories, $attachment, $fingerprint );
		++$counts['updated'];
	}

	/**
	 * The term id of a category key, created (named from the taxonomy) when missing.
	 *
	 * @param string $key The category key.
	 */
	private function category( string $key ): int {
		$id = $this->store->find_category( $key );
		if ( null !== $id ) {
			return $id;
		}
		if ( null === $this->category_names ) {
			$this->category_names = null === $this->category_names_source ? array() : ( $this->category_names_source )();
		}
		return $this->store->create_category( $key, $this->category_names[ $key ] ?? $key );
	}
}
