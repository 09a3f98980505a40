<?php
/**
 * WordPress wiring: WP-Cron, connect, disconnect and sync (the settings page:
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

	/**
	 * Registers the hooks.
	 *
	 * @param string $main_file The plugin's main file.
	 */
	public static function register( string $main_file ): void {
		add_filter( 'cron_schedules', array( self::class, 'cron_schedules' ) ); // phpcs:ignore WordPress.WP.CronInterval.ChangeDetected
		add_action( Options::CRON_HOOK, array( self::class, 'sync' ) );
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
		return $connection['site_id'];
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
	 * Runs one sync (WP-Cron and "Sync now"), unless another one is running.
	 *
	 * @return array{ok: bool, message: string, counts: array<string, int>, at: int, busy?: bool}|null Null when not connected; busy when another sync held the lock (nothing is kept then).
	 */
	public static function sync(): ?array {
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
		return new Settings_View_Model( self::settings(), is_array( $connection ) ? $connection : array(), '' !== self::secret(), ( new WP_Option_State() )->load(), time() );
	}

	/**
	 * The kept secret, or ''.
	 */
	private static function secret(): string {
		return (string) get_option( Options::SECRET, '' );
	}
}
