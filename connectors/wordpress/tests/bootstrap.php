<?php
/**
 * Loads the plugin's plain classes and the in-memory fakes; no WordPress.
 *
 * @package Content_Feed_Connector
 */

define( 'ABSPATH', __DIR__ . '/' );
require dirname( __DIR__ ) . '/content-feed-connector/includes/load.php';
foreach ( glob( __DIR__ . '/fakes/*.php' ) as $fake ) {
	require $fake;
}
