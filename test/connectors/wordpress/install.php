<?php
/**
 * Installs a fresh WordPress into the folder this file was copied to (test/support/wordpress.ts):
 * creates its MariaDB database, runs wp_install and unpacks the plugin's zip with WordPress's own
 * unzip_file, as "Upload Plugin" does.
 *
 * Usage: php install.php <plugin zip>
 */

require __DIR__ . '/wp-config-values.php';

$mysqli = new mysqli( WP_TEST_DB_HOST, 'root', '', '', WP_TEST_DB_PORT );
$mysqli->query( 'CREATE DATABASE `' . WP_TEST_DB_NAME . '` CHARACTER SET utf8mb4' ) || exit( 'could not create the database: ' . $mysqli->error );
$mysqli->close();

define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST'] = WP_TEST_HOST;
require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/file.php';

$installed = wp_install( 'Connector test site', 'admin', 'admin@example.com', false, '', WP_TEST_ADMIN_PASSWORD );
if ( empty( $installed['user_id'] ) ) {
	exit( 'wp_install failed' );
}
WP_Filesystem();
$unzipped = unzip_file( $argv[1], WP_PLUGIN_DIR );
if ( is_wp_error( $unzipped ) ) {
	exit( 'unzip_file failed: ' . $unzipped->get_error_message() );
}
echo 'installed';
