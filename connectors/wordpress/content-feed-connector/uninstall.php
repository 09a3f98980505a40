<?php
/**
 * Removes the connector's options and its cron event; posts, terms and attachments stay.
 *
 * @package Content_Feed_Connector
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

foreach ( array( 'content_feed_connector_settings', 'content_feed_connector_secret', 'content_feed_connector_connection', 'content_feed_connector_state' ) as $content_feed_connector_option ) {
	delete_option( $content_feed_connector_option );
}
wp_clear_scheduled_hook( 'content_feed_connector_sync' );
