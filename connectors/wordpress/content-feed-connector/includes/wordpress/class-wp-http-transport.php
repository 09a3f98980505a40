<?php
/**
 * Http_Transport over WordPress's HTTP API.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Uses wp_remote_request, not wp_safe_remote_*: the administrator chose the Service URL, which
 * may be a local host or another port (the safe variants refuse those). Images are another
 * matter: WP_Site_Store downloads them with wp_safe_remote_get, opened for this origin only.
 */
final class WP_Http_Transport implements Http_Transport {

	/**
	 * Sends one request.
	 *
	 * @param string                $method  GET or POST.
	 * @param string                $url     Absolute URL.
	 * @param array<string, string> $headers Request headers.
	 * @param string|null           $body    Request body.
	 * @throws Transport_Exception When no answer came.
	 */
	public function send( string $method, string $url, array $headers, ?string $body ): Http_Response {
		$args = array(
			'method'      => $method,
			'headers'     => $headers,
			'timeout'     => 20,
			'redirection' => 0,
		);
		if ( null !== $body ) {
			$args['body'] = $body;
		}
		$answer = wp_remote_request( $url, $args );
		if ( is_wp_error( $answer ) ) {
			throw new Transport_Exception( $answer->get_error_message() );
		}
		$headers = array();
		foreach ( wp_remote_retrieve_headers( $answer ) as $name => $value ) {
			$headers[ $name ] = is_array( $value ) ? implode( ', ', $value ) : (string) $value;
		}
		return new Http_Response( (int) wp_remote_retrieve_response_code( $answer ), $headers, (string) wp_remote_retrieve_body( $answer ) );
	}
}
