<?php
/**
 * Loads the plugin's plain classes and the in-memory fakes; no WordPress (only stand-ins for its
 * translation functions).
 *
 * @package Content_Feed_Connector
 */

define( 'ABSPATH', __DIR__ . '/' );

// The plain classes translate with WordPress's __() and _n(); without WordPress they give the English back.
function __( string $text, string $domain = 'default' ): string {
	return 'content-feed-connector' === $domain ? $text : "[wrong text domain $domain] $text";
}

function _n( string $single, string $plural, int $number, string $domain = 'default' ): string {
	return __( 1 === $number ? $single : $plural, $domain );
}

require dirname( __DIR__ ) . '/content-feed-connector/includes/load.php';
foreach ( glob( __DIR__ . '/fakes/*.php' ) as $fake ) {
	require $fake;
}
