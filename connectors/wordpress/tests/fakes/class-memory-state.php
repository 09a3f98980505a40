<?php
/**
 * State_Store in memory.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\State_Store;

final class Memory_State implements State_Store {

	/** @var array<string, mixed> */
	public array $state = array();

	public function load(): array {
		return $this->state;
	}

	public function save( array $state ): void {
		$this->state = $state;
	}
}
