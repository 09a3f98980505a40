<?php
/**
 * Stand-ins for the WordPress functions the plugin's views/ templates call, so SettingsTemplateTest
 * can print them without WordPress: the escaping ones escape as WordPress does for the contexts the
 * templates use (no double-encoding of entities), the form ones print the fields WordPress prints.
 *
 * @package Content_Feed_Connector
 */

function esc_html( $text ): string {
	return htmlspecialchars( (string) $text, ENT_QUOTES, 'UTF-8', false );
}

function esc_attr( $text ): string {
	return esc_html( $text );
}

function esc_url( $url ): string {
	return esc_html( preg_replace( '|[^a-z0-9-~+_.?#=!&;,/:%@$\|*\'()\[\]\\x80-\\xff]|i', '', (string) $url ) );
}

function esc_html__( string $text, string $domain = 'default' ): string {
	return esc_html( __( $text, $domain ) );
}

function esc_html_e( string $text, string $domain = 'default' ): void {
	echo esc_html__( $text, $domain );
}

function checked( $checked, $current = true, bool $display = true ): string {
	$result = (string) $checked === (string) $current ? " checked='checked'" : '';
	if ( $display ) {
		echo $result; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a literal.
	}
	return $result;
}

function submit_button( string $text, string $type = 'primary', string $name = 'submit', bool $wrap = true ): void {
	printf( '<input type="submit" name="%s" class="%s" value="%s">', esc_attr( $name ), esc_attr( 'button button-' . $type ), esc_attr( $text ) );
}

function wp_nonce_field( $action = -1 ): string {
	$fields = '<input type="hidden" name="_wpnonce" value="' . esc_attr( 'nonce:' . $action ) . '"><input type="hidden" name="_wp_http_referer" value="/wp-admin/options-general.php?page=content-feed">';
	echo $fields; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped above.
	return $fields;
}

function wp_date( string $format, int $timestamp ): string {
	return gmdate( $format, $timestamp );
}
