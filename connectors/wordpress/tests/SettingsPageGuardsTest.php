<?php
/**
 * The settings page's WordPress class and its templates (views/), read as source (they need
 * WordPress to run; the real-WordPress test drives them, SettingsTemplateTest prints the templates):
 * every admin-post action checks its nonce and the capability before anything else, and nothing is
 * printed unescaped.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Settings_Page;
use PHPUnit\Framework\TestCase;

require_once dirname( __DIR__ ) . '/content-feed-connector/includes/wordpress/class-settings-page.php';

final class SettingsPageGuardsTest extends TestCase {

	/**
	 * The class's source and its templates' sources, by file name.
	 *
	 * @return array<string, string>
	 */
	private static function sources(): array {
		$files = array_merge( array( ( new \ReflectionClass( Settings_Page::class ) )->getFileName() ), glob( dirname( __DIR__ ) . '/content-feed-connector/views/*.php' ) );
		return array_combine( array_map( 'basename', $files ), array_map( static fn ( $f ) => (string) file_get_contents( $f ), $files ) );
	}

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
		$this->assertStringContainsString( 'wp_nonce_field( self::ACTIONS[ $name ] );', self::body( 'form_fields' ) );
		$this->assertStringContainsString( 'current_user_can( self::CAPABILITY )', self::body( 'render' ) );
		$this->assertSame( 'manage_options', Settings_Page::CAPABILITY );
	}

	public function test_every_echoed_value_is_escaped_or_a_literal(): void {
		$sources = self::sources();
		$this->assertArrayHasKey( 'settings-page.php', $sources );
		$this->assertArrayHasKey( 'notice.php', $sources );
		$printed = 0;
		foreach ( $sources as $file => $source ) {
			$this->assertStringNotContainsString( '<?=', $source, "$file: short echo" );
			// Each echo or printf statement (string literals skipped whole, so a ';' in one does not end it).
			preg_match_all( "/\\b(?:echo|printf|print)\\b(?:'(?:[^'\\\\]|\\\\.)*'|[^;'])*;/", $source, $statements );
			$printed += count( $statements[0] ) + preg_match_all( '/\besc_(?:html|attr)_e\(/', $source );
			foreach ( $statements[0] as $statement ) {
				// Strip string literals, then the escaping calls (any nesting): what is left must not name a variable.
				$stripped = preg_replace( "/'(?:[^'\\\\]|\\\\.)*'/", "''", $statement );
				$stripped = preg_replace( '/\b(?:esc_html|esc_attr|esc_url|esc_html__|checked)\s*(?<args>\((?:[^()]++|(?&args))*\))/', '', (string) $stripped );
				$this->assertDoesNotMatchRegularExpression( '/\$/', (string) $stripped, "$file: unescaped output: $statement" );
			}
		}
		$this->assertGreaterThan( 20, $printed );
	}

	public function test_the_connection_code_is_never_kept_or_printed(): void {
		$source = (string) file_get_contents( ( new \ReflectionClass( Settings_Page::class ) )->getFileName() );
		// $code is read once from $_POST and used only to check it is there and to redeem it.
		$this->assertSame( 1, substr_count( $source, '$code' ) - substr_count( $source, "'' === trim( \$code )" ) - substr_count( $source, 'Plugin::connect( $url, $code )' ) );
		$this->assertStringContainsString( 'name="connection_code" required autocomplete="off" spellcheck="false" value=""', self::sources()['settings-page.php'] );
		foreach ( self::sources() as $file => $text ) {
			$this->assertStringNotContainsString( 'Options::SECRET', $text, $file );
		}
	}
}
