<?php
/**
 * The Content Feed Service's HTTP API, as the connector uses it.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Redeems a connection code, reads the changes feed and the taxonomy, reads and replaces the
 * subscriptions. Every failure is an Api_Exception with a message safe to show; 429 and 503 carry
 * the Retry-After delay.
 */
final class Api_Client {

	/** Seconds to wait after a 429 or 503 without a usable Retry-After. */
	public const DEFAULT_RETRY_AFTER = 60;
	/** Upper bound on a Retry-After the connector honours (a day). */
	public const MAX_RETRY_AFTER = 86400;

	/**
	 * The service's base URL, without a trailing slash.
	 *
	 * @var string
	 */
	private string $base_url;

	/**
	 * Clock in Unix seconds (for an HTTP-date Retry-After).
	 *
	 * @var callable(): int
	 */
	private $now;

	/**
	 * A client.
	 *
	 * @param Http_Transport $http     The transport.
	 * @param string         $base_url Service URL as the administrator entered it (http or https).
	 * @param Secret|null    $secret   The Credential's secret; null before connecting.
	 * @param callable|null  $now      Clock; time() by default.
	 * @throws \InvalidArgumentException When the URL is not an http(s) URL.
	 */
	public function __construct( private Http_Transport $http, string $base_url, private ?Secret $secret = null, ?callable $now = null ) {
		$this->base_url = self::normalize_base_url( $base_url );
		$this->now      = $now ?? 'time';
	}

	/**
	 * The base URL without a trailing slash, or an exception when it is not http(s).
	 *
	 * @param string $url As entered.
	 * @throws \InvalidArgumentException When the URL is not an absolute http(s) URL.
	 */
	public static function normalize_base_url( string $url ): string {
		$url    = rtrim( trim( $url ), '/' );
		$scheme = strtolower( (string) parse_url( $url, PHP_URL_SCHEME ) );
		if ( ! in_array( $scheme, array( 'http', 'https' ), true ) || '' === (string) parse_url( $url, PHP_URL_HOST ) ) {
			throw new \InvalidArgumentException( 'The Service URL must start with http:// or https://.' );
		}
		return $url;
	}

	/**
	 * The service's base URL.
	 */
	public function base_url(): string {
		return $this->base_url;
	}

	/**
	 * Redeems a connection code: POST /connect/cms/redeem, no Authorization header.
	 *
	 * @param string $code The code the site owner pasted.
	 * @return array{site_id: string, credential_id: string, secret: Secret, scopes: array<int, string>}
	 * @throws Api_Exception When the code is wrong or used, or the service cannot be reached.
	 */
	public function redeem( #[\SensitiveParameter] string $code ): array {
		$answer = $this->call( 'POST', '/connect/cms/redeem', array( 'content-type' => 'application/json' ), (string) json_encode( array( 'code' => trim( $code ) ) ), false );
		if ( 401 === $answer->status ) {
			throw new Api_Exception( Api_Exception::UNAUTHENTICATED, __( 'The connection code is wrong, expired or already used: create a new one in the Content Feed dashboard.', 'content-feed-connector' ), 401 );
		}
		$body = $this->json( $answer, 201 );
		if ( ! is_string( $body['credential']['secret'] ?? null ) || ! is_string( $body['credential']['id'] ?? null ) || ! is_string( $body['site']['id'] ?? null ) ) {
			throw new Api_Exception( Api_Exception::FAILED, __( 'The service answered the connection in an unexpected shape.', 'content-feed-connector' ), $answer->status );
		}
		return array(
			'site_id'       => $body['site']['id'],
			'credential_id' => $body['credential']['id'],
			'secret'        => new Secret( $body['credential']['secret'] ),
			'scopes'        => is_array( $body['credential']['scopes'] ?? null ) ? array_values( array_filter( $body['credential']['scopes'], 'is_string' ) ) : array(),
		);
	}

	/**
	 * Registers a webhook endpoint for the Site (POST /api/v1/webhooks); its secret is in the
	 * answer only.
	 *
	 * @param string             $url         Where the service delivers.
	 * @param array<int, string> $events      The event types.
	 * @param string             $description Shown in the dashboard.
	 * @return array{id: string, secret: Secret}
	 * @throws Api_Exception On any failure (403 SCOPE_DENIED or CAPABILITY_NOT_ENTITLED, 400 for a URL refused: see error_code and status).
	 */
	public function create_webhook( string $url, array $events, string $description ): array {
		$request = (string) json_encode(
			array(
				'url'         => $url,
				'events'      => array_values( $events ),
				'description' => mb_substr( $description, 0, 200 ),
			)
		);
		$answer  = $this->call( 'POST', '/api/v1/webhooks', array( 'content-type' => 'application/json' ), $request, true );
		$body    = $this->json( $answer, 201 );
		if ( ! is_string( $body['id'] ?? null ) || ! is_string( $body['secret'] ?? null ) || ! str_starts_with( $body['secret'], 'whsec_' ) ) {
			throw new Api_Exception( Api_Exception::FAILED, __( 'The service answered the webhook registration in an unexpected shape.', 'content-feed-connector' ), $answer->status );
		}
		return array(
			'id'     => $body['id'],
			'secret' => new Secret( $body['secret'] ),
		);
	}

	/**
	 * Deletes a webhook endpoint (DELETE /api/v1/webhooks/{id}); one the service no longer has
	 * (404) is gone already, which is what was asked.
	 *
	 * @param string $id The endpoint's id.
	 * @throws Api_Exception On any other failure.
	 */
	public function delete_webhook( string $id ): void {
		$answer = $this->call( 'DELETE', '/api/v1/webhooks/' . rawurlencode( $id ), array(), null, true );
		if ( 404 !== $answer->status ) {
			$this->json( $answer, 200 );
		}
	}

	/**
	 * Revokes the calling Credential (POST /api/v1/me/revoke): Disconnect and uninstall leave no
	 * working secret behind in the site's database or its backups.
	 *
	 * @throws Api_Exception On any failure; UNAUTHENTICATED when it was revoked or expired already.
	 */
	public function revoke_self(): void {
		$this->json( $this->call( 'POST', '/api/v1/me/revoke', array(), null, true ), 200 );
	}

	/**
	 * One page of GET /api/v1/feed/changes, or null when If-None-Match matched (nothing changed).
	 *
	 * @param string|null $since The kept since; null starts from the beginning.
	 * @param string|null $etag  The ETag of the answer that gave this since, if kept.
	 * @param int         $limit Page size, 1..100.
	 * @throws Api_Exception On any failure.
	 */
	public function changes( ?string $since, ?string $etag = null, int $limit = 100 ): ?Changes_Page {
		$query   = array_filter( array( 'since' => $since, 'limit' => (string) $limit ), static fn ( $v ) => null !== $v );
		$headers = null !== $etag && null !== $since ? array( 'if-none-match' => $etag ) : array();
		$answer  = $this->call( 'GET', '/api/v1/feed/changes?' . http_build_query( $query ), $headers, null, true );
		if ( 304 === $answer->status ) {
			return null;
		}
		if ( 400 === $answer->status && null !== $since ) {
			throw new Api_Exception( Api_Exception::SINCE_REFUSED, __( 'The kept position in the changes feed is no longer valid (older than the changes the service keeps); the whole feed is read again.', 'content-feed-connector' ), 400 );
		}
		$body = $this->json( $answer, 200 );
		if ( ! is_array( $body['data'] ?? null ) || ! is_string( $body['nextSince'] ?? null ) || ! is_bool( $body['hasMore'] ?? null ) ) {
			throw new Api_Exception( Api_Exception::FAILED, __( 'The service answered the changes feed in an unexpected shape.', 'content-feed-connector' ), $answer->status );
		}
		return new Changes_Page( array_values( $body['data'] ), $body['nextSince'], $body['hasMore'], $answer->header( 'etag' ) );
	}

	/**
	 * The taxonomy's categories with their topics (GET /api/v1/taxonomy); malformed entries are skipped.
	 *
	 * @return array<int, array{key: string, name: string, topics: array<int, string>}> Topics by name.
	 * @throws Api_Exception On any failure.
	 */
	public function taxonomy(): array {
		$body       = $this->json( $this->call( 'GET', '/api/v1/taxonomy', array(), null, true ), 200 );
		$categories = array();
		foreach ( is_array( $body['categories'] ?? null ) ? $body['categories'] : array() as $category ) {
			if ( ! is_string( $category['key'] ?? null ) || ! is_string( $category['name'] ?? null ) ) {
				continue;
			}
			$topics = array();
			foreach ( is_array( $category['topics'] ?? null ) ? $category['topics'] : array() as $topic ) {
				if ( is_string( $topic['name'] ?? null ) ) {
					$topics[] = $topic['name'];
				}
			}
			$categories[] = array(
				'key'    => $category['key'],
				'name'   => $category['name'],
				'topics' => $topics,
			);
		}
		return $categories;
	}

	/**
	 * The taxonomy's category names by key (GET /api/v1/taxonomy).
	 *
	 * @return array<string, string>
	 * @throws Api_Exception On any failure.
	 */
	public function category_names(): array {
		return array_column( $this->taxonomy(), 'name', 'key' );
	}

	/**
	 * The category keys the Site subscribes to (GET /api/v1/subscriptions).
	 *
	 * @return array<int, string>
	 * @throws Api_Exception On any failure.
	 */
	public function subscriptions(): array {
		return $this->category_keys( $this->call( 'GET', '/api/v1/subscriptions', array(), null, true ) );
	}

	/**
	 * Replaces the Site's subscriptions as a whole (PUT /api/v1/subscriptions); an unknown key is a 400.
	 *
	 * @param array<int, string> $keys Category keys.
	 * @return array<int, string> The subscriptions as the service kept them.
	 * @throws Api_Exception On any failure.
	 */
	public function replace_subscriptions( array $keys ): array {
		$body = (string) json_encode( array( 'categories' => array_values( array_unique( $keys ) ) ) );
		return $this->category_keys( $this->call( 'PUT', '/api/v1/subscriptions', array( 'content-type' => 'application/json' ), $body, true ) );
	}

	/**
	 * The `categories` of a subscriptions answer.
	 *
	 * @param Http_Response $answer The answer.
	 * @return array<int, string>
	 * @throws Api_Exception When the answer is not a 200 with a list of keys.
	 */
	private function category_keys( Http_Response $answer ): array {
		$body = $this->json( $answer, 200 );
		if ( ! is_array( $body['categories'] ?? null ) ) {
			throw new Api_Exception( Api_Exception::FAILED, __( 'The service answered the subscriptions in an unexpected shape.', 'content-feed-connector' ), $answer->status );
		}
		return array_values( array_filter( $body['categories'], 'is_string' ) );
	}

	/**
	 * Sends one request and turns the answers every route shares (no answer, 401, 429, 503) into exceptions.
	 *
	 * @param string                $method  GET, POST, PUT or DELETE.
	 * @param string                $path    Path and query.
	 * @param array<string, string> $headers Extra headers.
	 * @param string|null           $body    Body.
	 * @param bool                  $auth    Whether to send the secret.
	 * @throws Api_Exception When unreachable, unauthenticated or asked to retry later.
	 */
	private function call( string $method, string $path, array $headers, ?string $body, bool $auth ): Http_Response {
		$headers['accept'] = 'application/json';
		if ( $auth ) {
			if ( null === $this->secret ) {
				throw new Api_Exception( Api_Exception::UNAUTHENTICATED, __( 'Not connected: connect with a code first.', 'content-feed-connector' ) );
			}
			$headers['authorization'] = 'Bearer ' . $this->secret->reveal();
		}
		try {
			$answer = $this->http->send( $method, $this->base_url . $path, $headers, $body );
		} catch ( Transport_Exception $e ) {
			throw new Api_Exception( Api_Exception::UNREACHABLE, __( 'The Content Feed Service could not be reached at the Service URL; the sync will try again.', 'content-feed-connector' ) );
		}
		if ( 401 === $answer->status && $auth ) {
			throw new Api_Exception( Api_Exception::UNAUTHENTICATED, __( 'The connection was revoked or has expired: disconnect and connect again with a new code.', 'content-feed-connector' ), 401 );
		}
		if ( 429 === $answer->status || 503 === $answer->status ) {
			$wait = $this->retry_after( $answer->header( 'retry-after' ) );
			$kind = 429 === $answer->status ? Api_Exception::RATE_LIMITED : Api_Exception::UNAVAILABLE;
			/* translators: %d: seconds. */
			$slow_down   = __( 'The Content Feed Service asked to slow down; trying again in %d seconds.', 'content-feed-connector' );
			/* translators: %d: seconds. */
			$unavailable = __( 'The Content Feed Service is temporarily unavailable; trying again in %d seconds.', 'content-feed-connector' );
			throw new Api_Exception( $kind, sprintf( 429 === $answer->status ? $slow_down : $unavailable, $wait ), $answer->status, $wait );
		}
		return $answer;
	}

	/**
	 * The JSON body of an answer with the expected status.
	 *
	 * @param Http_Response $answer   The answer.
	 * @param int           $expected The success status.
	 * @return array<string, mixed>
	 * @throws Api_Exception When the status or the body is not the expected one.
	 */
	private function json( Http_Response $answer, int $expected ): array {
		$body = json_decode( $answer->body, true );
		if ( $expected !== $answer->status ) {
			// The error envelope's message is safe by the API's contract (docs/api.md, Errors); it is shown escaped.
			$detail = is_string( $body['error']['message'] ?? null ) ? ': ' . mb_substr( $body['error']['message'], 0, 300 ) : '';
			$code   = is_string( $body['error']['code'] ?? null ) ? $body['error']['code'] : '';
			throw new Api_Exception( Api_Exception::FAILED, sprintf( /* translators: 1: HTTP status, 2: the service's message after a colon, or nothing. */ __( 'The Content Feed Service answered %1$d%2$s', 'content-feed-connector' ), $answer->status, $detail ), $answer->status, null, $code );
		}
		if ( ! is_array( $body ) ) {
			throw new Api_Exception( Api_Exception::FAILED, __( 'The Content Feed Service answered with a body that is not JSON.', 'content-feed-connector' ), $answer->status );
		}
		return $body;
	}

	/**
	 * Seconds to wait from a Retry-After value (delay-seconds or an HTTP-date), bounded.
	 *
	 * @param string|null $value The header.
	 */
	private function retry_after( ?string $value ): int {
		$value = trim( (string) $value );
		if ( preg_match( '/^\d+$/', $value ) ) {
			$seconds = (int) $value;
		} elseif ( '' !== $value && false !== strtotime( $value ) ) {
			$seconds = strtotime( $value ) - ( $this->now )();
		} else {
			$seconds = self::DEFAULT_RETRY_AFTER;
		}
		return max( 1, min( self::MAX_RETRY_AFTER, $seconds ) );
	}
}
