<?php
/**
 * Which notice the settings page shows after an action (plain PHP, tested without WordPress).
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Turns the outcome of an admin action (an Api_Exception, a sync's outcome, a success) into a
 * notice: a type (error, warning, success) and a translated message that the page escapes. The
 * messages never hold the secret or the code; an Api_Exception's own message is safe by its contract
 * (includes/class-api-exception.php) and is used only for the kinds this class does not word itself.
 */
final class Notice_Messages {

	public const ERROR   = 'error';
	public const WARNING = 'warning';
	public const SUCCESS = 'success';

	/** The action a failure happened in: connecting (a 401 is the code), else a 401 is the Credential. */
	public const CONNECT       = 'connect';
	public const SYNC          = 'sync';
	public const SUBSCRIPTIONS = 'subscriptions';

	/**
	 * The notice for a failed call.
	 *
	 * @param Api_Exception $e      The failure.
	 * @param string        $action One of CONNECT, SYNC, SUBSCRIPTIONS.
	 * @param int           $now    Unix seconds (for the time to retry after).
	 * @return array{type: string, message: string}
	 */
	public static function for_exception( Api_Exception $e, string $action, int $now ): array {
		switch ( $e->kind ) {
			case Api_Exception::UNAUTHENTICATED:
				if ( self::CONNECT === $action ) {
					return self::error( __( 'The connection code is wrong, expired or already used. Create a new one in the Content Feed dashboard and connect again.', 'content-feed-connector' ) );
				}
				return self::error( __( 'The Content Feed Service refused the connection (401): its Credential was revoked or has expired. Disconnect, then connect again with a new connection code.', 'content-feed-connector' ) );
			case Api_Exception::UNREACHABLE:
				return self::error( __( 'The Content Feed Service could not be reached at the Service URL. Check the URL and that the service is running, then try again.', 'content-feed-connector' ) );
			case Api_Exception::RATE_LIMITED:
				/* translators: 1: a duration such as "2 minutes", 2: a time such as "14:05 UTC". */
				return self::warning( sprintf( __( 'The Content Feed Service asked to slow down (429). Try again in %1$s (after %2$s).', 'content-feed-connector' ), self::duration( self::wait( $e ) ), self::utc_time( $now + self::wait( $e ) ) ) );
			case Api_Exception::UNAVAILABLE:
				/* translators: 1: a duration such as "2 minutes", 2: a time such as "14:05 UTC". */
				return self::warning( sprintf( __( 'The Content Feed Service is temporarily unavailable (503). Try again in %1$s (after %2$s).', 'content-feed-connector' ), self::duration( self::wait( $e ) ), self::utc_time( $now + self::wait( $e ) ) ) );
			default:
				if ( 403 === $e->status && self::SUBSCRIPTIONS === $action ) {
					return self::error( __( 'This connection may not manage subscriptions (403): the Site\'s plan or the Credential\'s scopes do not include them.', 'content-feed-connector' ) );
				}
				return self::error( $e->getMessage() );
		}
	}

	/**
	 * The Service URL is not an http(s) URL.
	 *
	 * @return array{type: string, message: string}
	 */
	public static function invalid_url(): array {
		return self::error( __( 'The Service URL must start with http:// or https://.', 'content-feed-connector' ) );
	}

	/**
	 * Connect was pressed without a code.
	 *
	 * @return array{type: string, message: string}
	 */
	public static function missing_code(): array {
		return self::error( __( 'Enter the connection code from the Content Feed dashboard.', 'content-feed-connector' ) );
	}

	/**
	 * Connected.
	 *
	 * @param string $site_id The Site id.
	 * @return array{type: string, message: string}
	 */
	public static function connected( string $site_id ): array {
		/* translators: %s: the Site id. */
		return self::success( sprintf( __( 'Connected to Site %s. The first sync runs within a few minutes, or press "Sync now".', 'content-feed-connector' ), $site_id ) );
	}

	/**
	 * The outcome of "Sync now" (Sync_Runner::run(), or null when not connected). A failure while the
	 * service asked to wait (a 429 or 503, now or before) is a warning: the message says until when.
	 *
	 * @param array{ok: bool, message: string}|null $outcome  The outcome.
	 * @param int|null                              $retry_at Settings_View_Model::retry_at() after the sync.
	 * @return array{type: string, message: string}
	 */
	public static function synced( ?array $outcome, ?int $retry_at = null ): array {
		if ( null === $outcome ) {
			return self::not_connected();
		}
		if ( ! empty( $outcome['busy'] ) ) {
			return self::sync_busy();
		}
		if ( $outcome['ok'] ) {
			return self::success( $outcome['message'] );
		}
		return null === $retry_at ? self::error( $outcome['message'] ) : self::warning( $outcome['message'] );
	}

	/**
	 * Subscriptions saved.
	 *
	 * @param int $count How many categories the Site now subscribes to.
	 * @return array{type: string, message: string}
	 */
	public static function subscriptions_saved( int $count ): array {
		/* translators: %d: a number of categories. */
		return self::success( sprintf( _n( 'Subscriptions saved: %d category.', 'Subscriptions saved: %d categories.', $count, 'content-feed-connector' ), $count ) );
	}

	/**
	 * The drafts option saved.
	 *
	 * @param bool $drafts Whether new posts are drafts.
	 * @return array{type: string, message: string}
	 */
	public static function drafts_saved( bool $drafts ): array {
		return self::success( $drafts ? __( 'New posts will be saved as drafts.', 'content-feed-connector' ) : __( 'New posts will be published.', 'content-feed-connector' ) );
	}

	/**
	 * Disconnected.
	 *
	 * @return array{type: string, message: string}
	 */
	public static function disconnected(): array {
		return self::success( __( 'Disconnected: the connection\'s Credential is revoked, the secret is forgotten and the sync stopped. The posts stay.', 'content-feed-connector' ) );
	}

	/**
	 * Disconnected here, but the service could not be told to revoke the Credential.
	 *
	 * @param string $reason Why (an Api_Exception's safe message).
	 * @return array{type: string, message: string}
	 */
	public static function disconnected_not_revoked( string $reason ): array {
		/* translators: %s: why the service could not be reached or refused. */
		return self::warning( sprintf( __( 'Disconnected: the secret is forgotten and the sync stopped, but the connection\'s Credential could not be revoked at the service (%s). It still works until you revoke it in the Content Feed dashboard.', 'content-feed-connector' ), $reason ) );
	}

	/**
	 * "Sync now" found another sync running.
	 *
	 * @return array{type: string, message: string}
	 */
	public static function sync_busy(): array {
		return self::warning( __( 'A sync is already running (started by WP-Cron or another administrator); this one did not start. Its outcome shows here when it ends.', 'content-feed-connector' ) );
	}

	/**
	 * An action that needs a connection, without one.
	 *
	 * @return array{type: string, message: string}
	 */
	public static function not_connected(): array {
		return self::error( __( 'Not connected: connect with a connection code first.', 'content-feed-connector' ) );
	}

	/**
	 * A duration in seconds, minutes or hours (rounded up).
	 *
	 * @param int $seconds Seconds, at least 1.
	 */
	public static function duration( int $seconds ): string {
		if ( $seconds < 60 ) {
			/* translators: %d: a number of seconds. */
			return sprintf( _n( '%d second', '%d seconds', $seconds, 'content-feed-connector' ), $seconds );
		}
		if ( $seconds < 3600 ) {
			$minutes = (int) ceil( $seconds / 60 );
			/* translators: %d: a number of minutes. */
			return sprintf( _n( '%d minute', '%d minutes', $minutes, 'content-feed-connector' ), $minutes );
		}
		$hours = (int) ceil( $seconds / 3600 );
		/* translators: %d: a number of hours. */
		return sprintf( _n( '%d hour', '%d hours', $hours, 'content-feed-connector' ), $hours );
	}

	/**
	 * Seconds to wait: the exception's Retry-After, else the client's default.
	 *
	 * @param Api_Exception $e The 429 or 503.
	 */
	private static function wait( Api_Exception $e ): int {
		return max( 1, $e->retry_after ?? Api_Client::DEFAULT_RETRY_AFTER );
	}

	/**
	 * A time of day in UTC.
	 *
	 * @param int $at Unix seconds.
	 */
	private static function utc_time( int $at ): string {
		return gmdate( 'H:i:s', $at ) . ' UTC';
	}

	/**
	 * An error notice.
	 *
	 * @param string $message The message.
	 * @return array{type: string, message: string}
	 */
	private static function error( string $message ): array {
		return array(
			'type'    => self::ERROR,
			'message' => $message,
		);
	}

	/**
	 * A warning notice.
	 *
	 * @param string $message The message.
	 * @return array{type: string, message: string}
	 */
	private static function warning( string $message ): array {
		return array(
			'type'    => self::WARNING,
			'message' => $message,
		);
	}

	/**
	 * A success notice.
	 *
	 * @param string $message The message.
	 * @return array{type: string, message: string}
	 */
	private static function success( string $message ): array {
		return array(
			'type'    => self::SUCCESS,
			'message' => $message,
		);
	}
}
