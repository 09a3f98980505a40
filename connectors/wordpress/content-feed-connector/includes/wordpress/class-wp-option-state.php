<?php
/**
 * State_Store in an option that is not autoloaded.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * The sync's since, ETag, retry_at and last outcome (Options::STATE), or another state of the
 * plugin's kept the same way (Options::WEBHOOK).
 */
final class WP_Option_State implements State_Store {

	/**
	 * A state kept in one option.
	 *
	 * @param string $option The option's name, a constant of Options.
	 */
	public function __construct( private string $option = Options::STATE ) {
	}

	/**
	 * The kept state.
	 *
	 * @return array<string, mixed>
	 */
	public function load(): array {
		$state = get_option( $this->option, array() );
		return is_array( $state ) ? $state : array();
	}

	/**
	 * Replaces the kept state.
	 *
	 * @param array<string, mixed> $state The state.
	 */
	public function save( array $state ): void {
		if ( false === get_option( $this->option ) ) {
			add_option( $this->option, $state, '', 'no' );
			return;
		}
		update_option( $this->option, $state, false );
	}
}
