<?php
/**
 * The one HTTP call the API client needs (WordPress's HTTP API in production, a fake in tests).
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Sends one request; throws Transport_Exception when no answer came (DNS, refused, timeout).
 */
interface Http_Transport {

	/**
	 * Sends one request.
	 *
	 * @param string                $method  GET or POST.
	 * @param string                $url     Absolute URL.
	 * @param array<string, string> $headers Request headers.
	 * @param string|null           $body    Request body.
	 * @return Http_Response
	 * @throws Transport_Exception When the service could not be reached.
	 */
	public function send( string $method, string $url, array $headers, ?string $body ): Http_Response;
}
