<?php
/**
 * WordPress wiring: WP-Cron, connect, disconnect, sync and the webhook route (the settings page:
 * includes/wordpress/class-settings-page.php).
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Hooks and the composition of the plain classes with their WordPress adapters.
 */
final class Plugin {

	/** The webhook route's REST namespace and route: {rest_url}/content-feed/v1/webhook. */
	public const REST_NAMESPACE = 'content-feed/v1';
	public const REST_ROUTE     = '/webhook';
	/** Seconds before a webhook's sync tries again when another sync held the lock. */
	private const BUSY_RETRY = 30;

	/**
	 * Registers the hooks.
	 *
	 * @param string $main_file The plugin's main file.
	 */
	public static function register( string $main_file ): void {
		add_filter( 'cron_schedules', array( self::class, 'cron_schedules' ) ); // phpcs:ignore WordPress.WP.CronInterval.ChangeDetected
		add_action( Options::CRON_HOOK, array( self::class, 'sync' ) );
		add_action( Options::WEBHOOK_SYNC_HOOK, array( self::class, 'webhook_sync' ) );
		add_action( 'rest_api_init', array( self::class, 'rest_routes' ) );
		register_activation_hook( $main_file, array( self::class, 'schedule' ) );
		register_deactivation_hook( $main_file, array( self::class, 'unschedule' ) );
		Settings_Page::register( $main_file );
	}

	/**
	 * Adds the five-minute schedule.
	 *
	 * @param array<string, array{interval: int, display: string}> $schedules Schedules.
	 * @return array<string, array{interval: int, display: string}>
	 */
	public static function cron_schedules( array $schedules ): array {
		$schedules[ Options::CRON_SCHEDULE ] = array(
			'interval' => 5 * MINUTE_IN_SECONDS,
			'display'  => __( 'Every 5 minutes (Content Feed)', 'content-feed-connector' ),
		);
		return $schedules;
	}

	/**
	 * Schedules the sync when connected.
	 */
	public static function schedule(): void {
		if ( self::secret() && ! wp_next_scheduled( Options::CRON_HOOK ) ) {
			wp_schedule_event( time() + 10, Options::CRON_SCHEDULE, Options::CRON_HOOK );
		}
	}

	/**
	 * Removes the sync's event.
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( Options::CRON_HOOK );
		wp_clear_scheduled_hook( Options::WEBHOOK_SYNC_HOOK );
	}

	/**
	 * The route the service delivers webhooks to: POST {rest_url}/content-feed/v1/webhook. Its
	 * permission is public because the Standard Webhooks signature is the authentication, checked
	 * first thing in receive_webhook().
	 */
	public static function rest_routes(): void {
		register_rest_route(
			self::REST_NAMESPACE,
			self::REST_ROUTE,
			array(
				'methods'             => 'POST',
				'callback'            => array( self::class, 'receive_webhook' ),
				'permission_callback' => '__return_true',
			)
		);
	}

	/**
	 * The webhook route's URL on this site, as the service is told at Connect.
	 */
	public static function webhook_url(): string {
		return rest_url( self::REST_NAMESPACE . self::REST_ROUTE );
	}

	/**
	 * One delivery: 401 unless its signature verifies (nothing is read or written before), else
	 * 202 at once; a feed.changed schedules the sync (request_sync()) instead of running it.
	 *
	 * @param \WP_REST_Request $request The request, its raw body as received.
	 */
	public static function receive_webhook( \WP_REST_Request $request ): \WP_REST_Response {
		$secret   = (string) get_option( Options::WEBHOOK_SECRET, '' );
		$receiver = new Webhook_Receiver( '' === $secret ? null : new Webhook_Signature( new Secret( $secret ) ), new WP_Option_State( Options::WEBHOOK ), array( self::class, 'request_sync' ) );
		$status   = $receiver->receive( $request->get_body(), $request->get_header( 'webhook-id' ), $request->get_header( 'webhook-timestamp' ), $request->get_header( 'webhook-signature' ) );
		if ( Webhook_Receiver::UNAUTHORIZED === $status ) {
			return new \WP_REST_Response(
				array(
					'code'    => 'content_feed_webhook_signature',
					'message' => __( 'The webhook signature is missing, wrong or too old.', 'content-feed-connector' ),
				),
				$status
			);
		}
		return new \WP_REST_Response( array( 'accepted' => true ), $status );
	}

	/**
	 * Schedules one sync now as a WP-Cron single event (none more while one is pending), then
	 * lets WP-Cron start it as a page visit would (wp_cron(): a non-blocking request to
	 * wp-cron.php), so the sync runs right after this answer instead of at the next visit. Where
	 * WP-Cron is off (DISABLE_WP_CRON, a system cron calling wp-cron.php), that runner starts it.
	 */
	public static function request_sync(): void {
		// Seen by a sync running now, if any: it runs once more when it is done (see sync()).
		update_option( Options::SYNC_WANTED, (string) time(), false );
		if ( ! wp_next_scheduled( Options::WEBHOOK_SYNC_HOOK ) ) {
			wp_schedule_single_event( time(), Options::WEBHOOK_SYNC_HOOK );
		}
		wp_cron();
	}

	/**
	 * The sync a webhook asked for; when another sync holds the lock (it may have read the
	 * changes before this one arrived), it runs again shortly rather than waiting five minutes.
	 */
	public static function webhook_sync(): void {
		$outcome = self::sync();
		if ( ! empty( $outcome['busy'] ) && ! wp_next_scheduled( Options::WEBHOOK_SYNC_HOOK ) ) {
			wp_schedule_single_event( time() + self::BUSY_RETRY, Options::WEBHOOK_SYNC_HOOK );
		}
	}

	/**
	 * Redeems a connection code and keeps the Credential (its secret in an option that is not autoloaded).
	 *
	 * @param string $service_url The Service URL.
	 * @param string $code        The connection code.
	 * @return string The Site id.
	 * @throws Api_Exception|\InvalidArgumentException When the URL or the code is refused.
	 */
	public static function connect( string $service_url, #[\SensitiveParameter] string $code ): string {
		$client     = new Api_Client( new WP_Http_Transport(), $service_url );
		$connection = $client->redeem( $code );
		// A connection replaced without Disconnect: its endpoint goes with it.
		self::forget_webhook( self::api() );
		$settings   = self::settings();
		update_option( Options::SETTINGS, array_merge( $settings, array( Options::SERVICE_URL => $client->base_url() ) ) );
		delete_option( Options::SECRET );
		add_option( Options::SECRET, $connection['secret']->reveal(), '', 'no' );
		delete_option( Options::CONNECTION );
		// New posts are written by the administrator who connected (WP-Cron runs with no user).
		$connected = array(
			'site_id'       => $connection['site_id'],
			'credential_id' => $connection['credential_id'],
			'author_id'     => get_current_user_id(),
		);
		add_option( Options::CONNECTION, $connected, '', 'no' );
		// A new connection starts from the beginning of its Site's changes.
		delete_option( Options::STATE );
		self::schedule();
		self::register_webhook( $connection['scopes'] );
		return $connection['site_id'];
	}

	/**
	 * Registers this site's webhook endpoint when the Credential and the plan allow it, and keeps
	 * its id (or why there is none) and, apart, its secret. The five-minute sync stays either way.
	 *
	 * @param array<int, string> $scopes The Credential's scopes.
	 */
	private static function register_webhook( array $scopes ): void {
		$api = self::api();
		if ( null === $api ) {
			return;
		}
		/* translators: %s: the site's name. */
		$label      = sprintf( __( 'WordPress: %s', 'content-feed-connector' ), wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ) );
		$registered = Instant_Updates::register( $api, $scopes, self::webhook_url(), $label );
		if ( null !== $registered['secret'] ) {
			add_option( Options::WEBHOOK_SECRET, $registered['secret']->reveal(), '', 'no' );
		}
		( new WP_Option_State( Options::WEBHOOK ) )->save( $registered['state'] );
	}

	/**
	 * Deletes the registered endpoint at the service (while the Credential still works) and
	 * forgets it and its secret; an endpoint the service could not delete stops verifying here.
	 *
	 * @param Api_Client|null $api The connection's client, or null when there is none.
	 */
	private static function forget_webhook( ?Api_Client $api ): void {
		$state = ( new WP_Option_State( Options::WEBHOOK ) )->load();
		if ( null !== $api && is_string( $state['endpoint_id'] ?? null ) ) {
			try {
				$api->delete_webhook( $state['endpoint_id'] );
			} catch ( Api_Exception $e ) {
				// Revoking the Credential next stops nothing at the service's side, but without the
				// secret this site accepts none of its deliveries; the owner can delete it in the dashboard.
				unset( $e );
			}
		}
		delete_option( Options::WEBHOOK_SECRET );
		delete_option( Options::WEBHOOK );
		wp_clear_scheduled_hook( Options::WEBHOOK_SYNC_HOOK );
	}

	/**
	 * Revokes the connection's Credential at the service, then forgets the secret and stops the
	 * sync whatever the service answered; posts stay.
	 *
	 * @return Api_Exception|null Why the Credential could not be revoked (it may still work), or null.
	 */
	public static function disconnect(): ?Api_Exception {
		$failure = null;
		$api     = self::api();
		self::forget_webhook( $api );
		try {
			$api?->revoke_self();
		} catch ( Api_Exception $e ) {
			// A 401: revoked or expired already, which is what Disconnect wants.
			$failure = Api_Exception::UNAUTHENTICATED === $e->kind ? null : $e;
		}
		delete_option( Options::SECRET );
		delete_option( Options::CONNECTION );
		delete_option( Options::STATE );
		self::unschedule();
		return $failure;
	}

	/**
	 * Runs one sync (WP-Cron and "Sync now"), unless another one is running; then runs again while
	 * a webhook asked for one meanwhile (its own sync found the lock taken and did nothing, and no
	 * visit may come to start a retry), at most three times more.
	 *
	 * @return array{ok: bool, message: string, counts: array<string, int>, at: int, busy?: bool}|null Null when not connected; busy when another sync held the lock (nothing is kept then).
	 */
	public static function sync(): ?array {
		$outcome = self::sync_once();
		for ( $again = 0; $again < 3 && is_array( $outcome ) && empty( $outcome['busy'] ) && self::take_sync_wanted(); $again++ ) {
			$outcome = self::sync_once();
		}
		return $outcome;
	}

	/**
	 * Takes the request of a sync a webhook left (true when there was one), reading the database
	 * itself: another PHP process set it, and this request's option cache would not know.
	 */
	private static function take_sync_wanted(): bool {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery,WordPress.DB.DirectDatabaseQuery.NoCaching -- an atomic take across processes; the cache is cleared below.
		$taken = (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name = %s", Options::SYNC_WANTED ) );
		wp_cache_delete( Options::SYNC_WANTED, 'options' );
		wp_cache_delete( 'notoptions', 'options' );
		return $taken > 0;
	}

	/**
	 * One sync under the lock, the webhooks' requests until now taken first (it reads every change after them).
	 *
	 * @return array{ok: bool, message: string, counts: array<string, int>, at: int, busy?: bool}|null
	 */
	private static function sync_once(): ?array {
		$api = self::api();
		if ( null === $api ) {
			return null;
		}
		$lock = new Sync_Lock( new WP_Option_Lock( Options::SYNC_LOCK ) );
		$held = $lock->acquire();
		if ( null === $held ) {
			return array(
				'ok'      => false,
				'busy'    => true,
				'message' => __( 'Another sync is already running.', 'content-feed-connector' ),
				'counts'  => Change_Applier::no_counts(),
				'at'      => time(),
			);
		}
		try {
			self::take_sync_wanted();
			$drafts     = ! empty( self::settings()[ Options::DRAFTS ] );
			$planner    = new Sync_Planner( $api->base_url(), __( 'Read the full article', 'content-feed-connector' ) );
			$connection = get_option( Options::CONNECTION, array() );
			$author     = is_array( $connection ) ? (int) ( $connection['author_id'] ?? 0 ) : 0;
			$applier    = new Change_Applier( new WP_Site_Store( $author, $api->base_url() ), $planner, $drafts, array( $api, 'category_names' ) );
			$renew      = static function () use ( $lock, &$held ): bool {
				$held = $lock->refresh( $held ) ?? '';
				return '' !== $held;
			};
			return ( new Sync_Runner( $api, $applier, new WP_Option_State(), null, $renew ) )->run();
		} finally {
			$lock->release( $held );
		}
	}

	/**
	 * The settings (service_url, drafts).
	 *
	 * @return array<string, mixed>
	 */
	public static function settings(): array {
		$settings = get_option( Options::SETTINGS, array() );
		return is_array( $settings ) ? $settings : array();
	}

	/**
	 * Keeps the drafts setting (new posts are drafts instead of published).
	 *
	 * @param bool $drafts Whether new posts are drafts.
	 */
	public static function set_drafts( bool $drafts ): void {
		update_option( Options::SETTINGS, array_merge( self::settings(), array( Options::DRAFTS => $drafts ) ) );
	}

	/**
	 * A client holding the kept secret, or null when not connected (the settings page's subscriptions).
	 */
	public static function api(): ?Api_Client {
		$secret   = self::secret();
		$settings = self::settings();
		return $secret && ! empty( $settings[ Options::SERVICE_URL ] ) ? new Api_Client( new WP_Http_Transport(), (string) $settings[ Options::SERVICE_URL ], new Secret( $secret ) ) : null;
	}

	/**
	 * What the settings page shows, from the kept options (never the secret itself).
	 */
	public static function view_model(): Settings_View_Model {
		$connection = get_option( Options::CONNECTION, array() );
		$instant    = Instant_Updates::status( ( new WP_Option_State( Options::WEBHOOK ) )->load(), '' !== (string) get_option( Options::WEBHOOK_SECRET, '' ) );
		return new Settings_View_Model( self::settings(), is_array( $connection ) ? $connection : array(), '' !== self::secret(), ( new WP_Option_State() )->load(), time(), $instant );
	}

	/**
	 * The kept secret, or ''.
	 */
	private static function secret(): string {
		return (string) get_option( Options::SECRET, '' );
	}
}
