<?php
/**
 * Registering the site's webhook endpoint at Connect, and why instant updates are off when they are.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Instant updates need the Credential's `webhooks.manage` scope and a plan with the `webhooks`
 * capability; the service must also accept the site's address (it refuses one it cannot deliver
 * to). Whatever the outcome, the five-minute sync goes on: instant updates only make it sooner.
 * The state kept (Options::WEBHOOK) never holds the secret (Options::WEBHOOK_SECRET does).
 */
final class Instant_Updates {

	/** The scope that manages webhook endpoints. */
	public const SCOPE = 'webhooks.manage';
	/** Why they are off: the Credential lacks SCOPE. */
	public const NO_SCOPE = 'no_scope';
	/** Why they are off: the Site's plan does not include webhooks. */
	public const NOT_ENTITLED = 'not_entitled';
	/** Why they are off: the service refused the site's address (it cannot deliver to it). */
	public const REFUSED = 'refused';
	/** Why they are off: registering failed otherwise (unreachable, quota, …). */
	public const FAILED = 'failed';

	/**
	 * Registers the endpoint when the Credential may.
	 *
	 * @param Api_Client         $api    The connected client.
	 * @param array<int, string> $scopes The Credential's scopes, as the redeem answered them.
	 * @param string             $url    The site's webhook route (rest_url()).
	 * @param string             $label  The endpoint's description.
	 * @return array{state: array<string, mixed>, secret: Secret|null} What to keep, and the secret to keep apart.
	 */
	public static function register( Api_Client $api, array $scopes, string $url, string $label ): array {
		if ( ! in_array( self::SCOPE, $scopes, true ) ) {
			return self::off( self::NO_SCOPE );
		}
		try {
			$created = $api->create_webhook( $url, array( Webhook_Receiver::FEED_CHANGED ), $label );
		} catch ( Api_Exception $e ) {
			if ( 403 === $e->status && 'CAPABILITY_NOT_ENTITLED' === $e->error_code ) {
				return self::off( self::NOT_ENTITLED );
			}
			if ( 403 === $e->status && 'SCOPE_DENIED' === $e->error_code ) {
				return self::off( self::NO_SCOPE );
			}
			return self::off( 400 === $e->status ? self::REFUSED : self::FAILED, $e->getMessage() );
		}
		return array(
			'state'  => array(
				'endpoint_id' => $created['id'],
				'url'         => $url,
			),
			'secret' => $created['secret'],
		);
	}

	/**
	 * What the settings page says: on (with the last event's time, or null before the first), or
	 * off and why.
	 *
	 * @param array<string, mixed> $state      The kept state (Options::WEBHOOK).
	 * @param bool                 $has_secret Whether the endpoint's secret is kept.
	 * @return array{on: bool, last_event_at: int|null, why: string}
	 */
	public static function status( array $state, bool $has_secret ): array {
		if ( $has_secret && is_string( $state['endpoint_id'] ?? null ) ) {
			$at = $state['last_event']['at'] ?? null;
			return array(
				'on'            => true,
				'last_event_at' => is_int( $at ) ? $at : null,
				'why'           => '',
			);
		}
		$detail = is_string( $state['detail'] ?? null ) ? $state['detail'] : '';
		switch ( $state['reason'] ?? '' ) {
			case self::NO_SCOPE:
				$why = __( 'the connection\'s Credential may not manage webhooks (scope webhooks.manage): connect again with a new connection code from the dashboard.', 'content-feed-connector' );
				break;
			case self::NOT_ENTITLED:
				$why = __( 'the Site\'s plan does not include webhooks.', 'content-feed-connector' );
				break;
			case self::REFUSED:
				/* translators: %s: the service's message. */
				$why = sprintf( __( 'the service cannot deliver to this site\'s address (%s).', 'content-feed-connector' ), $detail );
				break;
			case self::FAILED:
				/* translators: %s: what went wrong. */
				$why = sprintf( __( 'registering this site\'s endpoint failed (%s).', 'content-feed-connector' ), $detail );
				break;
			default:
				$why = __( 'this connection has no webhook endpoint: disconnect and connect again to register one.', 'content-feed-connector' );
		}
		return array(
			'on'            => false,
			'last_event_at' => null,
			'why'           => $why,
		);
	}

	/**
	 * Off, and why.
	 *
	 * @param string $reason One of the constants.
	 * @param string $detail A message safe to show (the service's, Api_Exception's).
	 * @return array{state: array<string, mixed>, secret: null}
	 */
	private static function off( string $reason, string $detail = '' ): array {
		return array(
			'state'  => array(
				'reason' => $reason,
				'detail' => $detail,
			),
			'secret' => null,
		);
	}
}
