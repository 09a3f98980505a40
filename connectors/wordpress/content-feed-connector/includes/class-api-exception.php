<?php
/**
 * A call to the service that did not succeed, with a message safe to show an administrator.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * The kinds the settings page and the sync tell apart. The message never holds the secret, the
 * request or a transport's error text.
 */
final class Api_Exception extends \RuntimeException {

	/** The code is unknown, expired or used (redeem), or the Credential was revoked or expired. */
	public const UNAUTHENTICATED = 'unauthenticated';
	/** 429: the service asked to come back after retry_after seconds. */
	public const RATE_LIMITED = 'rate_limited';
	/** 503: nothing changed on the service; come back after retry_after seconds. */
	public const UNAVAILABLE = 'unavailable';
	/** 400 to a kept since: older than the changes the service keeps, or unreadable; start over without it. */
	public const SINCE_REFUSED = 'since_refused';
	/** No answer at all (DNS, refused, timeout). */
	public const UNREACHABLE = 'unreachable';
	/** Any other non-2xx answer, or an answer that is not what the API describes. */
	public const FAILED = 'failed';

	/**
	 * An error.
	 *
	 * @param string   $kind        One of the constants.
	 * @param string   $message     Safe to show.
	 * @param int      $status      HTTP status, 0 when there was no answer.
	 * @param int|null $retry_after Seconds to wait (429 and 503), from Retry-After or a default.
	 * @param string   $error_code  The error envelope's code (e.g. CAPABILITY_NOT_ENTITLED), or ''.
	 */
	public function __construct( public readonly string $kind, string $message, public readonly int $status = 0, public readonly ?int $retry_after = null, public readonly string $error_code = '' ) {
		parent::__construct( $message );
	}

	/**
	 * Whether the sync should stop until retry_after has passed.
	 */
	public function is_retry_later(): bool {
		return self::RATE_LIMITED === $this->kind || self::UNAVAILABLE === $this->kind;
	}
}
