<?php
/**
 * The settings page's WordPress class, read as source (it needs WordPress to run; the real-WordPress
 * test drives it): every admin-post action checks its nonce and the capability before anything else,
 * and nothing is printed unescaped.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Settings_Page;
use PHPUnit\Framework\TestCase;

require_once dirname( __DIR__ ) . '/content-feed-connector/includes/wordpress/class-settings-page.php';

final class SettingsPageGuardsTest extends TestCase {

	private static function body( string $method ): string {
		$reflection = new \ReflectionMethod( Settings_Page::class, $method );
		$lines      = file( (string) $reflection->getFileName() );
		return implode( '', array_slice( $lines, $reflection->getStartLine() - 1, $reflection->getEndLine() - $reflection->getStartLine() + 1 ) );
	}

	public function test_every_action_authorizes_first_with_its_own_nonce(): void {
		$this->assertSame( array( 'connect', 'sync', 'subscriptions', 'drafts', 'disconnect' ), array_keys( Settings_Page::ACTIONS ) );
		foreach ( array_keys( Settings_Page::ACTIONS ) as $name ) {
			$body = self::body( 'handle_' . $name );
			$this->assertMatchesRegularExpression( '/\{\s*self::authorize\( \'' . $name . '\' \);/', $body, "handle_$name must call authorize('$name') first" );
		}
		$authorize = self::body( 'authorize' );
		$this->assertStringContainsString( 'check_admin_referer( self::ACTIONS[ $name ] );', $authorize );
		$this->assertStringContainsString( 'current_user_can( self::CAPABILITY )', $authorize );
		$this->assertStringContainsString( 'wp_nonce_field( self::ACTIONS[ $name ] );', self::body( 'open_form' ) );
		$this->assertStringContainsString( 'current_user_can( self::CAPABILITY )', self::body( 'render' ) );
		$this->assertSame( 'manage_options', Settings_Page::CAPABILITY );
	}

	public function test_every_echoed_value_is_escaped_or_a_literal(): void {
		$source = (string) file_get_contents( ( new \ReflectionClass( Settings_Page::class ) )->getFileName() );
		preg_match_all( '/^\s*(?:echo|printf)\b.*$/m', $source, $lines );
		$this->assertGreaterThan( 20, count( $lines[0] ) );
		foreach ( $lines[0] as $line ) {
			// Strip string literals, then the escaping calls (any nesting): what is left must not name a variable.
			$stripped = preg_replace( "/'(?:[^'\\\\]|\\\\.)*'/", "''", $line );
			$stripped = preg_replace( '/\b(?:esc_html|esc_attr|esc_url|esc_html__|checked)\s*(?<args>\((?:[^()]++|(?&args))*\))/', '', (string) $stripped );
			$this->assertDoesNotMatchRegularExpression( '/\$/', (string) $stripped, "unescaped output: $line" );
		}
	}

	public function test_the_connection_code_is_never_kept_or_printed(): void {
		$source = (string) file_get_contents( ( new \ReflectionClass( Settings_Page::class ) )->getFileName() );
		// $code is read once from $_POST and used only to check it is there and to redeem it.
		$this->assertSame( 1, substr_count( $source, '$code' ) - substr_count( $source, "'' === trim( \$code )" ) - substr_count( $source, 'Plugin::connect( $url, $code )' ) );
		$this->assertStringContainsString( 'name="connection_code" required autocomplete="off" spellcheck="false" value=""', $source );
		$this->assertStringNotContainsString( 'OPTION_SECRET', $source );
	}
}
