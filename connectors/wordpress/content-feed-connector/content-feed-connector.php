<?php
/**
 * Plugin Name:       Content Feed Connector
 * Description:       Keeps the articles of a Content Feed Service Site as posts, with featured images, categories and SEO meta descriptions.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       content-feed-connector
 * Domain Path:       /languages
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

const VERSION = '0.1.0';
/** Service URL and the drafts setting (autoloaded: read on every admin page). */
const OPTION_SETTINGS = 'content_feed_connector_settings';
/** The Credential's secret: never autoloaded, never shown. */
const OPTION_SECRET = 'content_feed_connector_secret';
/** Site id and Credential id of the connection. */
const OPTION_CONNECTION = 'content_feed_connector_connection';
/** since, ETag, retry_at and the last sync's outcome (includes/wordpress/class-wp-option-state.php). */
const OPTION_STATE = 'content_feed_connector_state';
/** The lock that lets one sync run at a time (includes/class-sync-lock.php); never autoloaded. */
const OPTION_SYNC_LOCK = 'content_feed_connector_sync_lock';
/** The WP-Cron event of the sync and its schedule. */
const CRON_HOOK     = 'content_feed_connector_sync';
const CRON_SCHEDULE = 'content_feed_connector_every_5_minutes';

require_once __DIR__ . '/includes/load.php';
require_once __DIR__ . '/includes/wordpress/class-wp-http-transport.php';
require_once __DIR__ . '/includes/wordpress/class-wp-site-store.php';
require_once __DIR__ . '/includes/wordpress/class-wp-option-state.php';
require_once __DIR__ . '/includes/wordpress/class-wp-option-lock.php';
require_once __DIR__ . '/includes/wordpress/class-settings-page.php';
require_once __DIR__ . '/includes/wordpress/class-plugin.php';

Plugin::register( __FILE__ );
