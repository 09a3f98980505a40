<?php
/**
 * Lock_Store in memory; a hook lets a test act between two calls, as another process would.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Lock_Store;

final class Memory_Lock_Store implements Lock_Store {

	public ?string $value = null;
	/** @var callable|null Runs before each call with the call's name. */
	public $before = null;

	public function add( string $value ): bool {
		$this->step( 'add' );
		if ( null !== $this->value ) {
			return false;
		}
		$this->value = $value;
		return true;
	}

	public function read(): ?string {
		$this->step( 'read' );
		return $this->value;
	}

	public function replace_if( string $old, string $new ): bool {
		$this->step( 'replace_if' );
		// As MySQL: an UPDATE that changes nothing affects no row.
		if ( $this->value !== $old || $old === $new ) {
			return false;
		}
		$this->value = $new;
		return true;
	}

	public function delete_if( string $value ): bool {
		$this->step( 'delete_if' );
		if ( $this->value !== $value ) {
			return false;
		}
		$this->value = null;
		return true;
	}

	private function step( string $call ): void {
		if ( null !== $this->before ) {
			( $this->before )( $call );
		}
	}
}
