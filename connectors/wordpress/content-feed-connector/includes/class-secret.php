<?php
/**
 * The Credential's secret, kept out of print_r, var_dump and string casts.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Wraps the bearer secret so that dumping an object that holds it (a client, an exception's
 * trace arguments) never shows it; only the HTTP Authorization header reads it.
 */
final class Secret {

	/**
	 * Wraps a secret.
	 *
	 * @param string $value The secret as the redeem answer gave it.
	 */
	public function __construct( #[\SensitiveParameter] private string $value ) {
	}

	/**
	 * The secret itself, for the Authorization header and the option that keeps it.
	 */
	public function reveal(): string {
		return $this->value;
	}

	/**
	 * What var_dump and print_r show.
	 *
	 * @return array<string, string>
	 */
	public function __debugInfo(): array {
		return array( 'value' => '[redacted]' );
	}

	/**
	 * Never serialized: the option stores reveal() explicitly.
	 *
	 * @throws \LogicException Always.
	 */
	public function __serialize(): array {
		throw new \LogicException( 'A secret is not serialized.' );
	}
}
