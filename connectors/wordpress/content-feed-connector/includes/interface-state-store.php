<?php
/**
 * Where the sync keeps its position and its last outcome (an option that is not autoloaded in
 * WordPress: includes/wordpress/class-wp-option-state.php).
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Keys: since (?string), etag (?string), retry_at (?int), last_sync (?array{at: int, ok: bool, message: string}).
 */
interface State_Store {

	/**
	 * The kept state (an empty array before the first sync).
	 *
	 * @return array<string, mixed>
	 */
	public function load(): array;

	/**
	 * Replaces the kept state.
	 *
	 * @param array<string, mixed> $state The state.
	 */
	public function save( array $state ): void;
}
