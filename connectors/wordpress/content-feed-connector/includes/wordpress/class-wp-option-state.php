<?php
/**
 * State_Store in an option that is not autoloaded.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * The sync's since, ETag, retry_at and last outcome.
 */
final class WP_Option_State implements State_Store {

	/**
	 * The kept state.
	 *
	 * @return array<string, mixed>
	 */
	public function load(): array {
		$state = get_option( Options::STATE, array() );
		return is_array( $state ) ? $state : array();
	}

	/**
	 * Replaces the kept state.
	 *
	 * @param array<string, mixed> $state The state.
	 */
	public function save( array $state ): void {
		if ( false === get_option( Options::STATE ) ) {
			add_option( Options::STATE, $state, '', 'no' );
			return;
		}
		update_option( Options::STATE, $state, false );
	}
}
