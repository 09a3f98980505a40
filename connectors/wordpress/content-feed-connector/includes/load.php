<?php
/**
 * Loads the connector's plain classes (no WordPress needed: the PHPUnit tests load this too).
 *
 * @package Content_Feed_Connector
 */

defined( 'ABSPATH' ) || exit;

foreach ( array(
	'class-secret.php',
	'class-http-response.php',
	'class-transport-exception.php',
	'interface-http-transport.php',
	'class-api-exception.php',
	'class-changes-page.php',
	'class-api-client.php',
	'class-post-plan.php',
	'class-plain-text.php',
	'class-image-source.php',
	'class-sync-planner.php',
	'interface-site-store.php',
	'class-change-applier.php',
	'interface-state-store.php',
	'class-sync-runner.php',
	'interface-lock-store.php',
	'class-sync-lock.php',
	'class-webhook-signature.php',
	'class-webhook-receiver.php',
	'class-instant-updates.php',
	'class-options.php',
	'class-notice-messages.php',
	'class-settings-view-model.php',
) as $content_feed_connector_file ) {
	require_once __DIR__ . '/' . $content_feed_connector_file;
}
unset( $content_feed_connector_file );
