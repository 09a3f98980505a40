<?php
/**
 * Every name the plugin keeps in the database, declared once: its options (and the keys of its
 * settings option), the notice transient and the WP-Cron event (WP-Cron keeps its events in the
 * cron option).
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Read by the adapters (includes/wordpress/) and by uninstall.php, which runs without the plugin
 * loaded and removes every option of ALL; plain constants, so load.php loads them with no WordPress.
 */
final class Options {

	/** Service URL and the drafts setting (autoloaded: read on every admin page). */
	public const SETTINGS = 'content_feed_connector_settings';
	/** The Credential's secret: never autoloaded, never shown. */
	public const SECRET = 'content_feed_connector_secret';
	/** Site id, Credential id and author of the connection. */
	public const CONNECTION = 'content_feed_connector_connection';
	/** since, ETag, retry_at and the last sync's outcome (includes/wordpress/class-wp-option-state.php). */
	public const STATE = 'content_feed_connector_state';
	/** The lock that lets one sync run at a time (includes/class-sync-lock.php); never autoloaded. */
	public const SYNC_LOCK = 'content_feed_connector_sync_lock';
	/** The webhook endpoint registered at Connect: its id, or why there is none; the last event (includes/class-instant-updates.php). */
	public const WEBHOOK = 'content_feed_connector_webhook';
	/** The endpoint's signing secret: never autoloaded, never shown. */
	public const WEBHOOK_SECRET = 'content_feed_connector_webhook_secret';
	/** Set by a webhook that asks for a sync; the sync holding the lock takes it and runs again (includes/wordpress/class-plugin.php). */
	public const SYNC_WANTED = 'content_feed_connector_sync_wanted';
	/** The SETTINGS option's keys: the Service URL, and whether new posts are drafts. */
	public const SERVICE_URL = 'service_url';
	public const DRAFTS      = 'drafts';

	/** Every option above: what uninstalling removes. */
	public const ALL = array( self::SETTINGS, self::SECRET, self::CONNECTION, self::STATE, self::SYNC_LOCK, self::WEBHOOK, self::WEBHOOK_SECRET, self::SYNC_WANTED );

	/** The WP-Cron event of the sync every five minutes. */
	public const CRON_HOOK = 'content_feed_connector_sync';
	/** The WP-Cron single event a feed.changed webhook schedules: one sync, soon. */
	public const WEBHOOK_SYNC_HOOK = 'content_feed_connector_webhook_sync';
	/** Its five-minute schedule. */
	public const CRON_SCHEDULE = 'content_feed_connector_every_5_minutes';
	/** The transient of the notice shown once after a settings page action, followed by the user's id. */
	public const NOTICE_PREFIX = 'content_feed_connector_notice_';
}
