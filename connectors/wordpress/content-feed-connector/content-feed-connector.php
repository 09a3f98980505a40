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
// The names of its options and of its cron event: includes/class-options.php.

require_once __DIR__ . '/includes/load.php';
require_once __DIR__ . '/includes/wordpress/class-wp-http-transport.php';
require_once __DIR__ . '/includes/wordpress/class-wp-site-store.php';
require_once __DIR__ . '/includes/wordpress/class-wp-option-state.php';
require_once __DIR__ . '/includes/wordpress/class-wp-option-lock.php';
require_once __DIR__ . '/includes/wordpress/class-settings-page.php';
require_once __DIR__ . '/includes/wordpress/class-plugin.php';

Plugin::register( __FILE__ );
