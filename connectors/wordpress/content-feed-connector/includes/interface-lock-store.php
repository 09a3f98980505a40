<?php
/**
 * Where the sync's lock lives: the port that includes/wordpress/class-wp-option-lock.php implements
 * and the tests fake in memory.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * One row that either exists with a value or does not; add and delete_if are atomic.
 */
interface Lock_Store {

	/**
	 * Creates the row with this value unless it exists.
	 *
	 * @param string $value The holder's value.
	 * @return bool Whether this call created it.
	 */
	public function add( string $value ): bool;

	/**
	 * The row's value, or null when there is none.
	 */
	public function read(): ?string;

	/**
	 * Changes the row's value only while it still holds the old one.
	 *
	 * @param string $old The value it must hold.
	 * @param string $new The value it gets.
	 * @return bool Whether this call changed it.
	 */
	public function replace_if( string $old, string $new ): bool;

	/**
	 * Deletes the row only while it still holds this value.
	 *
	 * @param string $value The value it must hold.
	 * @return bool Whether this call deleted it.
	 */
	public function delete_if( string $value ): bool;
}
