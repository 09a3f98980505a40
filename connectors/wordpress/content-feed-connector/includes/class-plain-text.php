<?php
/**
 * Text the connector writes into WordPress, made inert.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Titles, excerpts and meta descriptions are written as plain text, whoever runs the sync: an
 * administrator holds unfiltered_html, so WordPress's kses does not clean what "Sync now" writes,
 * and themes print titles and excerpts unescaped. Shortcode brackets become the numeric entities
 * WordPress itself uses to keep brackets from running (do_shortcodes_in_html_tags() in
 * wp-includes/shortcodes.php): a browser shows "[", do_shortcode() never sees one.
 */
final class Plain_Text {

	/**
	 * Plain text: entities decoded (so an encoded tag cannot come back later), script and style
	 * elements with their content and every other tag removed, as wp_strip_all_tags() does; a lone
	 * "<" or ">" left over is encoded, as kses does. Line breaks are kept.
	 *
	 * @param string $text Text that may hold markup.
	 */
	public static function from( string $text ): string {
		for ( $i = 0; $i < 3; ++$i ) {
			$decoded = html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
			if ( $decoded === $text ) {
				break;
			}
			$text = $decoded;
		}
		$text = (string) preg_replace( '@<(script|style)[^>]*?>.*?</\\1>@si', '', $text );
		$text = strip_tags( $text );
		return trim( str_replace( array( '<', '>' ), array( '&lt;', '&gt;' ), $text ) );
	}

	/**
	 * Plain text with its shortcode brackets neutralized: what a title, excerpt or meta description gets.
	 *
	 * @param string $text Text that may hold markup and shortcodes.
	 */
	public static function inert( string $text ): string {
		return self::without_shortcodes( self::from( $text ) );
	}

	/**
	 * Every "[" and "]" as a numeric entity.
	 *
	 * @param string $html Text or HTML.
	 */
	public static function without_shortcodes( string $html ): string {
		return strtr(
			$html,
			array(
				'[' => '&#91;',
				']' => '&#93;',
			)
		);
	}

	/**
	 * HTML-escapes plain text for the post content, leaving the entities from() made alone (esc_html without WordPress).
	 *
	 * @param string $text Plain text.
	 */
	public static function esc( string $text ): string {
		return htmlspecialchars( $text, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8', false );
	}
}
