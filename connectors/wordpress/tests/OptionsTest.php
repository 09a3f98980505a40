<?php
/**
 * The names the plugin keeps in the database are declared once, in includes/class-options.php, and
 * uninstalling removes every option among them.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Options;
use PHPUnit\Framework\TestCase;

final class OptionsTest extends TestCase {

	public function test_all_lists_every_option_once(): void {
		$constants = ( new \ReflectionClass( Options::class ) )->getConstants();
		$names     = array_filter( $constants, static fn ( $value ) => is_string( $value ) && str_starts_with( $value, 'content_feed_connector_' ) );
		$options   = array_diff_key( $names, array_flip( array( 'CRON_HOOK', 'WEBHOOK_SYNC_HOOK', 'CRON_SCHEDULE', 'NOTICE_PREFIX' ) ) );
		$this->assertSame( array( 'SETTINGS', 'SECRET', 'CONNECTION', 'STATE', 'SYNC_LOCK', 'WEBHOOK', 'WEBHOOK_SECRET', 'SYNC_WANTED' ), array_keys( $options ) );
		$this->assertSame( array_values( $options ), Options::ALL );
		$this->assertSame( count( $names ), count( array_unique( $names ) ), 'no two names alike' );
	}

	public function test_no_other_plugin_file_spells_a_name_out(): void {
		$plugin = dirname( __DIR__ ) . '/content-feed-connector';
		$files  = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $plugin, \FilesystemIterator::SKIP_DOTS ) );
		$seen   = 0;
		foreach ( $files as $file ) {
			if ( 'php' !== $file->getExtension() || 'class-options.php' === $file->getFilename() ) {
				continue;
			}
			++$seen;
			$this->assertDoesNotMatchRegularExpression( '/[\'"]content_feed_connector_/', (string) file_get_contents( $file->getPathname() ), $file->getPathname() );
		}
		$this->assertGreaterThan( 20, $seen );
		$this->assertStringContainsString( 'Options::ALL as $option', (string) file_get_contents( $plugin . '/uninstall.php' ) );
	}
}
