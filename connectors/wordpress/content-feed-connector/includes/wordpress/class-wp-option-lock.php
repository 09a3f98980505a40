<?php
/**
 * Lock_Store over one row of the options table.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * add_option() cannot be the lock: it writes with INSERT … ON DUPLICATE KEY UPDATE, so a second
 * caller overwrites the first and both "succeed". INSERT IGNORE on the unique option_name creates
 * the row for exactly one caller, as WordPress's own WP_Upgrader::create_lock() does; reads and
 * the conditional delete go to the table itself, past the options cache another process cannot see.
 */
final class WP_Option_Lock implements Lock_Store {

	/**
	 * A lock row.
	 *
	 * @param string $name The option's name.
	 */
	public function __construct( private string $name ) {}

	/**
	 * Creates the row unless it exists.
	 *
	 * @param string $value The holder's value.
	 */
	public function add( string $value ): bool {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- an atomic insert is the point; no cache may answer for another process.
		$created = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO `$wpdb->options` ( `option_name`, `option_value`, `autoload` ) VALUES ( %s, %s, 'no' )", $this->name, $value ) );
		$this->forget();
		return 1 === $created;
	}

	/**
	 * The row's value.
	 */
	public function read(): ?string {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the row as it is now, not as this process cached it.
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM `$wpdb->options` WHERE option_name = %s", $this->name ) );
		return null === $value ? null : (string) $value;
	}

	/**
	 * Changes the row's value while it holds the old one.
	 *
	 * @param string $old The value it must hold.
	 * @param string $new The value it gets.
	 */
	public function replace_if( string $old, string $new ): bool {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- a conditional update is the point.
		$changed = $wpdb->update(
			$wpdb->options,
			array( 'option_value' => $new ),
			array(
				'option_name'  => $this->name,
				'option_value' => $old,
			)
		);
		$this->forget();
		return 1 === $changed;
	}

	/**
	 * Deletes the row while it holds this value.
	 *
	 * @param string $value The value.
	 */
	public function delete_if( string $value ): bool {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- a conditional delete is the point.
		$deleted = $wpdb->delete(
			$wpdb->options,
			array(
				'option_name'  => $this->name,
				'option_value' => $value,
			)
		);
		$this->forget();
		return 1 === $deleted;
	}

	/**
	 * Drops what the options cache knows of the row.
	 */
	private function forget(): void {
		wp_cache_delete( $this->name, 'options' );
		wp_cache_delete( 'notoptions', 'options' );
	}
}
