<?php
/**
 * What the webhook route does with a request (includes/wordpress/class-plugin.php registers the route).
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * The signature first: a request that does not verify is a 401 and changes nothing. A verified
 * one is accepted (202) and recorded (the time the settings page shows, its webhook-id to know a
 * repeated delivery); a `feed.changed` asks for a sync, which runs after the answer (WP-Cron), so
 * the service never waits on it. A repeat of a webhook-id already seen asks for nothing more (the
 * service delivers at least once). `webhook.test`, sent by the service's test route, is recorded
 * only: it says the endpoint is reachable, not that the feed changed.
 */
final class Webhook_Receiver {

	/** Accepted: recorded, and a sync asked for when the feed changed. */
	public const ACCEPTED = 202;
	/** Not the service's: a missing or wrong signature, or a timestamp too far off. */
	public const UNAUTHORIZED = 401;
	/** The event that asks for a sync. */
	public const FEED_CHANGED = 'feed.changed';
	/** How many recent webhook-ids are kept to recognise a repeat. */
	public const SEEN = 20;

	/**
	 * Clock in Unix seconds.
	 *
	 * @var callable(): int
	 */
	private $now;

	/**
	 * Asks for a sync (schedules it; does not run it).
	 *
	 * @var callable(): void
	 */
	private $request_sync;

	/**
	 * A receiver.
	 *
	 * @param Webhook_Signature|null $signature    The endpoint's verifier; null when no endpoint is registered (every request is refused).
	 * @param State_Store            $state        The webhook's kept state (endpoint id, last event, recent ids).
	 * @param callable               $request_sync Called once per new feed.changed.
	 * @param callable|null          $now          Clock; time() by default.
	 */
	public function __construct( private ?Webhook_Signature $signature, private State_Store $state, callable $request_sync, ?callable $now = null ) {
		$this->request_sync = $request_sync;
		$this->now          = $now ?? 'time';
	}

	/**
	 * Handles one request; returns its status.
	 *
	 * @param string      $body       The raw body.
	 * @param string|null $id         The webhook-id header.
	 * @param string|null $timestamp  The webhook-timestamp header.
	 * @param string|null $signatures The webhook-signature header.
	 */
	public function receive( string $body, ?string $id, ?string $timestamp, ?string $signatures ): int {
		if ( null === $this->signature || ! $this->signature->verify( $body, $id, $timestamp, $signatures ) ) {
			return self::UNAUTHORIZED;
		}
		$state = $this->state->load();
		$seen  = is_array( $state['seen'] ?? null ) ? array_values( array_filter( $state['seen'], 'is_string' ) ) : array();
		if ( in_array( $id, $seen, true ) ) {
			return self::ACCEPTED;
		}
		$event              = json_decode( $body, true );
		$type               = is_array( $event ) && is_string( $event['type'] ?? null ) ? $event['type'] : '';
		$state['last_event'] = array(
			'at'   => ( $this->now )(),
			'type' => $type,
		);
		$state['seen']      = array_slice( array_merge( $seen, array( (string) $id ) ), -self::SEEN );
		$this->state->save( $state );
		if ( self::FEED_CHANGED === $type ) {
			( $this->request_sync )();
		}
		return self::ACCEPTED;
	}
}
