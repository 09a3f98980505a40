<?php
/**
 * An HTTP answer: status, headers (names lower-cased) and body.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * An HTTP answer.
 */
final class Http_Response {

	/**
	 * Headers by lower-cased name.
	 *
	 * @var array<string, string>
	 */
	public readonly array $headers;

	/**
	 * An answer.
	 *
	 * @param int                   $status  Status code.
	 * @param array<string, string> $headers Headers (any case).
	 * @param string                $body    Body.
	 */
	public function __construct( public readonly int $status, array $headers = array(), public readonly string $body = '' ) {
		$this->headers = array_change_key_case( $headers, CASE_LOWER );
	}

	/**
	 * One header, or null.
	 *
	 * @param string $name Header name, any case.
	 */
	public function header( string $name ): ?string {
		return $this->headers[ strtolower( $name ) ] ?? null;
	}
}
