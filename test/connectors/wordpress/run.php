<?php
/**
 * Runs PHP code read from standard input inside WordPress, as the administrator, and prints what
 * it returns as JSON after a marker (WordPress may print notices before it).
 * test/support/wordpress.ts copies this file into the WordPress folder.
 */

require __DIR__ . '/wp-config-values.php';
// The test's own reads and writes never start WP-Cron (a request to WordPress would, where it is on).
define( 'DISABLE_WP_CRON', true );
$_SERVER['HTTP_HOST'] = WP_TEST_HOST;
require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
wp_set_current_user( 1 );

$content_feed_test_code = stream_get_contents( STDIN );
$content_feed_result    = ( static function () use ( $content_feed_test_code ) {
	return eval( $content_feed_test_code ); // phpcs:ignore Squiz.PHP.Eval.Discouraged -- the test's own code.
} )();
echo "\n@@result@@" . wp_json_encode( $content_feed_result );
