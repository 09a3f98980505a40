<?php
/**
 * The Standard Webhooks signature of a request from the service (docs/api.md#webhooks).
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Verifies `webhook-signature` against `{webhook-id}.{webhook-timestamp}.{raw body}`, HMAC-SHA256
 * keyed with the base64-decoded part of the secret after `whsec_`, and a timestamp within five
 * minutes either way: the same steps as the PHP example of docs/api.md#webhooks. Plain PHP, so
 * tests/WebhookSignatureTest.php checks it against the Standard Webhooks libraries' test vectors.
 */
final class Webhook_Signature {

	/** Seconds a timestamp may be off, either way (replays of an old request are refused). */
	public const TOLERANCE = 300;
	/** The prefix of a secret. */
	private const PREFIX = 'whsec_';

	/**
	 * The key's bytes; '' when the secret is not base64 (nothing then verifies).
	 *
	 * @var string
	 */
	private string $key;

	/**
	 * Clock in Unix seconds.
	 *
	 * @var callable(): int
	 */
	private $now;

	/**
	 * A verifier for one endpoint's secret.
	 *
	 * @param Secret        $secret `whsec_` and base64 (the prefix is optional, as the official libraries accept).
	 * @param callable|null $now    Clock; time() by default.
	 */
	public function __construct( Secret $secret, ?callable $now = null ) {
		$value     = $secret->reveal();
		$encoded   = str_starts_with( $value, self::PREFIX ) ? substr( $value, strlen( self::PREFIX ) ) : $value;
		$key       = base64_decode( $encoded, true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- the secret is base64 by the Standard Webhooks scheme.
		$this->key = false === $key ? '' : $key;
		$this->now = $now ?? 'time';
	}

	/**
	 * The `v1,<base64>` signature of a message (what the service sends; the tests sign with it).
	 *
	 * @param string $id        The webhook-id.
	 * @param int    $timestamp Unix seconds.
	 * @param string $body      The raw body.
	 */
	public function sign( string $id, int $timestamp, string $body ): string {
		return 'v1,' . $this->mac( $id, (string) $timestamp, $body );
	}

	/**
	 * The base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, the timestamp as the header spells it.
	 *
	 * @param string $id        The webhook-id.
	 * @param string $timestamp The webhook-timestamp.
	 * @param string $body      The raw body.
	 */
	private function mac( string $id, string $timestamp, string $body ): string {
		return base64_encode( hash_hmac( 'sha256', $id . '.' . $timestamp . '.' . $body, $this->key, true ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the scheme's encoding.
	}

	/**
	 * Whether a request is the service's: every header present, the timestamp within TOLERANCE of
	 * now, and one of the space-separated `v1,` signatures matching (compared in constant time).
	 *
	 * @param string      $body       The raw body, as received.
	 * @param string|null $id         The webhook-id header.
	 * @param string|null $timestamp  The webhook-timestamp header.
	 * @param string|null $signatures The webhook-signature header.
	 */
	public function verify( string $body, ?string $id, ?string $timestamp, ?string $signatures ): bool {
		if ( '' === $this->key || null === $id || '' === $id || null === $timestamp || null === $signatures || ! ctype_digit( $timestamp ) ) {
			return false;
		}
		if ( abs( ( $this->now )() - (int) $timestamp ) > self::TOLERANCE ) {
			return false;
		}
		$expected = $this->mac( $id, $timestamp, $body );
		foreach ( explode( ' ', $signatures ) as $signature ) {
			list( $version, $value ) = array_pad( explode( ',', $signature, 2 ), 2, '' );
			if ( 'v1' === $version && hash_equals( $expected, $value ) ) {
				return true;
			}
		}
		return false;
	}
}
