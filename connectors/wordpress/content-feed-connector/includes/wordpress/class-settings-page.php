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
 * outcome in a short-lived per-user transient and redirects back; the page prints what
 * Settings_View_Model gives, escaped. The connection code is never kept and the secret never shown.
 */
final class Settings_Page {

	/** The page's slug (options-general.php?page=content-feed). */
	public const SLUG = 'content-feed';
	/** The capability every view and action needs. */
	public const CAPABILITY = 'manage_options';
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
	 * Prints the page.
	 */
	public static function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage the Content Feed connection.', 'content-feed-connector' ), 403 );
		}
		$view = Plugin::view_model();
		echo '<div class="wrap"><h1>' . esc_html__( 'Content Feed', 'content-feed-connector' ) . '</h1>';
		self::print_notice();
		if ( $view->is_connected() ) {
			self::render_connected( $view );
		} else {
			self::render_connect_form( $view );
		}
		self::render_drafts( $view );
		echo '</div>';
	}

	/**
	 * The Connect form.
	 *
	 * @param Settings_View_Model $view The view.
	 */
	private static function render_connect_form( Settings_View_Model $view ): void {
		echo '<h2>' . esc_html__( 'Connect', 'content-feed-connector' ) . '</h2>';
		echo '<p>' . esc_html__( 'Create a connection code for your Site in the Content Feed dashboard and paste it here. The code works once; the plugin keeps the secret it is exchanged for and never shows it.', 'content-feed-connector' ) . '</p>';
		self::open_form( 'connect' );
		echo '<table class="form-table" role="presentation"><tr><th scope="row"><label for="content-feed-service-url">' . esc_html__( 'Service URL', 'content-feed-connector' ) . '</label></th>';
		echo '<td><input type="url" class="regular-text code" id="content-feed-service-url" name="service_url" required placeholder="https://" value="' . esc_attr( $view->service_url() ) . '"></td></tr>';
		echo '<tr><th scope="row"><label for="content-feed-connection-code">' . esc_html__( 'Connection code', 'content-feed-connector' ) . '</label></th>';
		echo '<td><input type="text" class="regular-text code" id="content-feed-connection-code" name="connection_code" required autocomplete="off" spellcheck="false" value=""></td></tr></table>';
		submit_button( __( 'Connect', 'content-feed-connector' ), 'primary', 'submit', false );
		echo '</form>';
	}

	/**
	 * Connected: the Site, the sync, the subscriptions, Disconnect.
	 *
	 * @param Settings_View_Model $view The view.
	 */
	private static function render_connected( Settings_View_Model $view ): void {
		echo '<p><strong>' . esc_html__( 'Connected', 'content-feed-connector' ) . '</strong> &mdash; ';
		/* translators: %s: the Site id. */
		echo sprintf( esc_html__( 'Site id: %s', 'content-feed-connector' ), '<code>' . esc_html( $view->site_id() ) . '</code>' ) . '<br>';
		/* translators: %s: the Service URL. */
		echo sprintf( esc_html__( 'Service URL: %s', 'content-feed-connector' ), '<code>' . esc_html( $view->service_url() ) . '</code>' ) . '</p>';

		echo '<h2>' . esc_html__( 'Sync', 'content-feed-connector' ) . '</h2>';
		$last = $view->last_sync();
		if ( null === $last ) {
			echo '<p>' . esc_html__( 'Last sync: not yet.', 'content-feed-connector' ) . '</p>';
		} else {
			$outcome = $last['ok'] ? __( 'succeeded', 'content-feed-connector' ) : __( 'failed', 'content-feed-connector' );
			/* translators: 1: date and time, 2: "succeeded" or "failed", 3: the sync's message. */
			echo '<p>' . esc_html( sprintf( __( 'Last sync: %1$s, %2$s. %3$s', 'content-feed-connector' ), wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $last['at'] ), $outcome, $last['message'] ) ) . '</p>';
		}
		if ( null !== $view->retry_at() ) {
			/* translators: %s: date and time. */
			echo '<p>' . esc_html( sprintf( __( 'The service asked to wait: the next sync runs after %s.', 'content-feed-connector' ), wp_date( get_option( 'time_format' ), $view->retry_at() ) ) ) . '</p>';
		}
		self::open_form( 'sync' );
		submit_button( __( 'Sync now', 'content-feed-connector' ), 'secondary', 'submit', false );
		echo '</form>';

		self::render_subscriptions();

		echo '<h2>' . esc_html__( 'Disconnect', 'content-feed-connector' ) . '</h2>';
		echo '<p>' . esc_html__( 'Revokes the connection\'s Credential at the service, forgets the secret and stops the sync; the posts stay. Connecting again needs a new connection code.', 'content-feed-connector' ) . '</p>';
		self::open_form( 'disconnect' );
		submit_button( __( 'Disconnect', 'content-feed-connector' ), 'delete', 'submit', false );
		echo '</form>';
	}

	/**
	 * The categories the Site subscribes to, as checkboxes (read from the service on each view).
	 */
	private static function render_subscriptions(): void {
		echo '<h2>' . esc_html__( 'Subscriptions', 'content-feed-connector' ) . '</h2>';
		$api = Plugin::api();
		try {
			$rows = null === $api ? array() : Settings_View_Model::subscription_rows( $api->taxonomy(), $api->subscriptions() );
		} catch ( Api_Exception $e ) {
			self::print_notice_html( Notice_Messages::for_exception( $e, Notice_Messages::SUBSCRIPTIONS, time() ), false );
			return;
		}
		echo '<p>' . esc_html__( 'The feed holds the articles of the categories checked here; saving replaces the Site\'s subscriptions.', 'content-feed-connector' ) . '</p>';
		self::open_form( 'subscriptions' );
		echo '<fieldset><legend class="screen-reader-text">' . esc_html__( 'Subscriptions', 'content-feed-connector' ) . '</legend>';
		foreach ( $rows as $row ) {
			echo '<input type="hidden" name="offered[]" value="' . esc_attr( $row['key'] ) . '">';
			echo '<label><input type="checkbox" name="categories[]" value="' . esc_attr( $row['key'] ) . '"' . checked( $row['checked'], true, false ) . '> ' . esc_html( $row['name'] ) . '</label>';
			if ( '' !== $row['topics'] ) {
				echo ' <span class="description">(' . esc_html( $row['topics'] ) . ')</span>';
			}
			echo '<br>';
		}
		echo '</fieldset>';
		submit_button( __( 'Save subscriptions', 'content-feed-connector' ), 'secondary', 'submit', false );
		echo '</form>';
	}

	/**
	 * The drafts option.
	 *
	 * @param Settings_View_Model $view The view.
	 */
	private static function render_drafts( Settings_View_Model $view ): void {
		echo '<h2>' . esc_html__( 'Posts', 'content-feed-connector' ) . '</h2>';
		self::open_form( 'drafts' );
		echo '<label><input type="checkbox" name="drafts" value="1"' . checked( $view->drafts(), true, false ) . '> ' . esc_html__( 'Drafts: save new posts as drafts instead of publishing them', 'content-feed-connector' ) . '</label><br>';
		submit_button( __( 'Save', 'content-feed-connector' ), 'secondary', 'submit', false );
		echo '</form>';
	}

	/**
	 * Opens a form posting to admin-post.php with the action and its nonce.
	 *
	 * @param string $name A key of ACTIONS.
	 */
	private static function open_form( string $name ): void {
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
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
	 * Prints and forgets the kept notice, if any.
	 */
	private static function print_notice(): void {
		$key    = Options::NOTICE_PREFIX . get_current_user_id();
		$notice = get_transient( $key );
		if ( is_array( $notice ) && isset( $notice['type'], $notice['message'] ) ) {
			delete_transient( $key );
			self::print_notice_html( $notice, true );
		}
	}

	/**
	 * One admin notice, escaped.
	 *
	 * @param array{type: string, message: string} $notice      The notice.
	 * @param bool                                 $dismissible Whether it has the dismiss button.
	 */
	private static function print_notice_html( array $notice, bool $dismissible ): void {
		$type = in_array( $notice['type'], array( Notice_Messages::ERROR, Notice_Messages::WARNING, Notice_Messages::SUCCESS ), true ) ? $notice['type'] : Notice_Messages::ERROR;
		printf( '<div class="%s"><p>%s</p></div>', esc_attr( 'notice notice-' . $type . ( $dismissible ? ' is-dismissible' : '' ) ), esc_html( (string) $notice['message'] ) );
	}

	/**
	 * The page's URL.
	 */
	private static function url(): string {
		return admin_url( 'options-general.php?page=' . self::SLUG );
	}
}
