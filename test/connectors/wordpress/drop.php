<?php
/** Drops the test WordPress's database (test/support/wordpress.ts). */

require __DIR__ . '/wp-config-values.php';
$mysqli = new mysqli( WP_TEST_DB_HOST, 'root', '', '', WP_TEST_DB_PORT );
$mysqli->query( 'DROP DATABASE IF EXISTS `' . WP_TEST_DB_NAME . '`' );
