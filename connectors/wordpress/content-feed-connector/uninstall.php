<?php
/**
 * Deletes the connector's webhook endpoint and revokes its Credential at the service, and removes
 * its options and its cron events, on every site of a multisite network; posts, terms and
 * attachments stay. A Credential left in the options would keep working from every backup of the
 * database.
 *
 * @package Content_Feed_Connector
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/load.php';
require_once __DIR__ . '/includes/wordpress/class-wp-http-transport.php';

$content_feed_connector_cleanup = static function (): void {
	$settings = get_option( \Content_Feed_Connector\Options::SETTINGS, array() );
	$secret   = (string) get_option( \Content_Feed_Connector\Options::SECRET, '' );
	if ( '' !== $secret && is_array( $settings ) && ! empty( $settings[ \Content_Feed_Connector\Options::SERVICE_URL ] ) ) {
		$webhook = get_option( \Content_Feed_Connector\Options::WEBHOOK, array() );
		try {
			$api = new \Content_Feed_Connector\Api_Client( new \Content_Feed_Connector\WP_Http_Transport(), (string) $settings[ \Content_Feed_Connector\Options::SERVICE_URL ], new \Content_Feed_Connector\Secret( $secret ) );
			// The webhook endpoint first, while the Credential still works: the service stops delivering here.
			if ( is_array( $webhook ) && is_string( $webhook['endpoint_id'] ?? null ) ) {
				try {
					$api->delete_webhook( $webhook['endpoint_id'] );
				} catch ( \Content_Feed_Connector\Api_Exception $e ) {
					unset( $e );
				}
			}
			$api->revoke_self();
		} catch ( \Content_Feed_Connector\Api_Exception | \InvalidArgumentException $e ) {
			// Unreachable or already revoked: uninstalling goes on; the owner can revoke it in the dashboard.
			unset( $e );
		}
	}
	foreach ( \Content_Feed_Connector\Options::ALL as $option ) {
		delete_option( $option );
	}
	wp_clear_scheduled_hook( \Content_Feed_Connector\Options::CRON_HOOK );
	wp_clear_scheduled_hook( \Content_Feed_Connector\Options::WEBHOOK_SYNC_HOOK );
};

if ( is_multisite() ) {
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $content_feed_connector_blog ) {
		switch_to_blog( (int) $content_feed_connector_blog );
		$content_feed_connector_cleanup();
		restore_current_blog();
	}
} else {
	$content_feed_connector_cleanup();
}
