<?php
/**
 * Settings → Content Feed (options-general.php?page=content-feed) and its admin-post.php actions.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * The WordPress side of the settings page, kept thin: every action checks its nonce and
 * manage_options, calls Plugin or Api_Client, keeps the notice Notice_Messages words for the
 * outcome in a short-lived per-user transient and redirects back; render() prepares what
 * views/settings-page.php prints (Settings_View_Model's answers), and the template escapes it.
 * The connection code is never kept and the secret never shown.
 */
final class Settings_Page {

	/** The page's slug (options-general.php?page=content-feed). */
	public const SLUG = 'content-feed';
	/** The capability every view and action needs. */
	public const CAPABILITY = 'manage_options';
	/** The page's templates. */
	private const VIEWS = __DIR__ . '/../../views/';
	/** The admin-post.php actions (each also its nonce action). */
	public const ACTIONS = array(
		'connect'       => 'content_feed_connect',
		'sync'          => 'content_feed_sync',
		'subscriptions' => 'content_feed_subscriptions',
		'drafts'        => 'content_feed_drafts',
		'disconnect'    => 'content_feed_disconnect',
	);

	/**
	 * Registers the menu entry, the actions and the plugin list's "Settings" link.
	 *
	 * @param string $main_file The plugin's main file.
	 */
	public static function register( string $main_file ): void {
		add_action( 'admin_menu', array( self::class, 'menu' ) );
		foreach ( self::ACTIONS as $name => $action ) {
			add_action( 'admin_post_' . $action, array( self::class, 'handle_' . $name ) );
		}
		add_filter( 'plugin_action_links_' . plugin_basename( $main_file ), array( self::class, 'action_links' ) );
	}

	/**
	 * Adds Settings → Content Feed.
	 */
	public static function menu(): void {
		add_options_page( __( 'Content Feed', 'content-feed-connector' ), __( 'Content Feed', 'content-feed-connector' ), self::CAPABILITY, self::SLUG, array( self::class, 'render' ) );
	}

	/**
	 * Adds "Settings" to the plugin's row in Plugins.
	 *
	 * @param array<int|string, string> $links The row's links.
	 * @return array<int|string, string>
	 */
	public static function action_links( array $links ): array {
		array_unshift( $links, sprintf( '<a href="%s">%s</a>', esc_url( self::url() ), esc_html__( 'Settings', 'content-feed-connector' ) ) );
		return $links;
	}

	/**
	 * Connect: redeems the code (never kept) at the Service URL.
	 */
	public static function handle_connect(): void {
		self::authorize( 'connect' );
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- checked in authorize().
		// esc_url_raw with only http and https: any other scheme becomes '', which Api_Client refuses.
		$url  = isset( $_POST['service_url'] ) ? esc_url_raw( trim( wp_unslash( $_POST['service_url'] ) ), array( 'http', 'https' ) ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- esc_url_raw is the sanitizer.
		$code = isset( $_POST['connection_code'] ) ? sanitize_text_field( wp_unslash( $_POST['connection_code'] ) ) : '';
		// phpcs:enable
		if ( '' === trim( $code ) ) {
			self::done( Notice_Messages::missing_code() );
		}
		try {
			self::done( Notice_Messages::connected( Plugin::connect( $url, $code ) ) );
		} catch ( \InvalidArgumentException $e ) {
			self::done( Notice_Messages::invalid_url() );
		} catch ( Api_Exception $e ) {
			self::done( Notice_Messages::for_exception( $e, Notice_Messages::CONNECT, time() ) );
		}
	}

	/**
	 * Sync now.
	 */
	public static function handle_sync(): void {
		self::authorize( 'sync' );
		$outcome = Plugin::sync();
		self::done( Notice_Messages::synced( $outcome, Plugin::view_model()->retry_at() ) );
	}

	/**
	 * Saves the subscriptions: replaces them as a whole with the checked categories.
	 */
	public static function handle_subscriptions(): void {
		self::authorize( 'subscriptions' );
		$api = Plugin::api();
		if ( null === $api ) {
			self::done( Notice_Messages::not_connected() );
		}
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- checked in authorize().
		$checked = isset( $_POST['categories'] ) && is_array( $_POST['categories'] ) ? array_map( 'sanitize_text_field', wp_unslash( $_POST['categories'] ) ) : array();
		$offered = isset( $_POST['offered'] ) && is_array( $_POST['offered'] ) ? array_map( 'sanitize_text_field', wp_unslash( $_POST['offered'] ) ) : array();
		// phpcs:enable
		try {
			$kept = $api->replace_subscriptions( Settings_View_Model::posted_subscriptions( $checked, $offered ) );
			self::done( Notice_Messages::subscriptions_saved( count( $kept ) ) );
		} catch ( Api_Exception $e ) {
			self::done( Notice_Messages::for_exception( $e, Notice_Messages::SUBSCRIPTIONS, time() ) );
		}
	}

	/**
	 * Saves the drafts option.
	 */
	public static function handle_drafts(): void {
		self::authorize( 'drafts' );
		$drafts = ! empty( $_POST['drafts'] ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- checked in authorize().
		Plugin::set_drafts( $drafts );
		self::done( Notice_Messages::drafts_saved( $drafts ) );
	}

	/**
	 * Disconnect: revokes the Credential at the service, forgets the secret and stops the sync;
	 * when the service could not revoke it, the notice says the Credential may still work.
	 */
	public static function handle_disconnect(): void {
		self::authorize( 'disconnect' );
		$failure = Plugin::disconnect();
		self::done( null === $failure ? Notice_Messages::disconnected() : Notice_Messages::disconnected_not_revoked( $failure->getMessage() ) );
	}

	/**
	 * Prints the page: views/settings-page.php, from the kept options (Settings_View_Model), the kept
	 * notice and, when connected, the subscriptions read from the service.
	 */
	public static function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage the Content Feed connection.', 'content-feed-connector' ), 403 );
		}
		$view   = Plugin::view_model();
		$notice = self::take_notice();
		$rows   = array();
		$failed = null;
		if ( $view->is_connected() ) {
			$api = Plugin::api();
			try {
				$rows = null === $api ? array() : Settings_View_Model::subscription_rows( $api->taxonomy(), $api->subscriptions() );
			} catch ( Api_Exception $e ) {
				$failed = self::notice_args( Notice_Messages::for_exception( $e, Notice_Messages::SUBSCRIPTIONS, time() ), false );
			}
		}
		self::view(
			'settings-page',
			array(
				'view'                 => $view,
				'notice'               => null === $notice ? null : self::notice_args( $notice, true ),
				'subscriptions'        => $rows,
				'subscriptions_notice' => $failed,
				'post_url'             => admin_url( 'admin-post.php' ),
				'date_time_format'     => get_option( 'date_format' ) . ' ' . get_option( 'time_format' ),
				'time_format'          => get_option( 'time_format' ),
			)
		);
	}

	/**
	 * Prints a template of the plugin's views/ folder; it reads what it needs from $args, as
	 * get_template_part() passes it, and escapes as it prints.
	 *
	 * @param string               $name The template's name: views/{$name}.php.
	 * @param array<string, mixed> $args What the template documents it reads.
	 */
	public static function view( string $name, array $args ): void {
		require self::VIEWS . $name . '.php';
	}

	/**
	 * The hidden fields of an action's form, as settings_fields() prints them for an options page:
	 * the admin-post.php action and its nonce (authorize() checks both).
	 *
	 * @param string $name A key of ACTIONS.
	 */
	public static function form_fields( string $name ): void {
		echo '<input type="hidden" name="action" value="' . esc_attr( self::ACTIONS[ $name ] ) . '">';
		wp_nonce_field( self::ACTIONS[ $name ] );
	}

	/**
	 * Stops unless the nonce of the action is valid and the user may manage options.
	 *
	 * @param string $name A key of ACTIONS.
	 */
	private static function authorize( string $name ): void {
		check_admin_referer( self::ACTIONS[ $name ] );
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage the Content Feed connection.', 'content-feed-connector' ), 403 );
		}
	}

	/**
	 * Keeps the notice for the next view of the page and redirects there.
	 *
	 * @param array{type: string, message: string} $notice The notice.
	 */
	private static function done( array $notice ): never {
		set_transient( Options::NOTICE_PREFIX . get_current_user_id(), $notice, 5 * MINUTE_IN_SECONDS );
		wp_safe_redirect( self::url() );
		exit;
	}

	/**
	 * The kept notice, forgotten once read; null when there is none.
	 *
	 * @return array{type: string, message: string}|null
	 */
	private static function take_notice(): ?array {
		$key    = Options::NOTICE_PREFIX . get_current_user_id();
		$notice = get_transient( $key );
		if ( ! is_array( $notice ) || ! isset( $notice['type'], $notice['message'] ) ) {
			return null;
		}
		delete_transient( $key );
		return $notice;
	}

	/**
	 * What views/notice.php prints: its classes (an unknown type shows as an error) and its message.
	 *
	 * @param array{type: string, message: string} $notice      The notice.
	 * @param bool                                 $dismissible Whether it has the dismiss button.
	 * @return array{class: string, message: string}
	 */
	private static function notice_args( array $notice, bool $dismissible ): array {
		$type = in_array( $notice['type'], array( Notice_Messages::ERROR, Notice_Messages::WARNING, Notice_Messages::SUCCESS ), true ) ? $notice['type'] : Notice_Messages::ERROR;
		return array(
			'class'   => 'notice notice-' . $type . ( $dismissible ? ' is-dismissible' : '' ),
			'message' => (string) $notice['message'],
		);
	}

	/**
	 * The page's URL.
	 */
	private static function url(): string {
		return admin_url( 'options-general.php?page=' . self::SLUG );
	}
}
