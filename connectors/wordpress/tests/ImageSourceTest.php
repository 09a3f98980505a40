<?php
/**
 * Which image URLs the connector may download.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Image_Source;
use PHPUnit\Framework\TestCase;

final class ImageSourceTest extends TestCase {

	private const SERVICE = 'http://127.0.0.1:8080';
	private const ARTICLE = 'https://news.example/2026/robots';

	private static function url( string $image, string $service = self::SERVICE ): ?string {
		return Image_Source::url( $image, $service, self::ARTICLE );
	}

	public function test_generated_media_of_the_service_is_accepted_relative_or_absolute(): void {
		$this->assertSame( 'http://127.0.0.1:8080/media/generated/ai/a1.png', self::url( '/media/generated/ai/a1.png' ) );
		$this->assertSame( 'http://127.0.0.1:8080/media/generated/ai/a1.png', self::url( 'http://127.0.0.1:8080/media/generated/ai/a1.png' ) );
		$this->assertSame( 'HTTP://127.0.0.1:8080/media/generated/a.png', self::url( 'HTTP://127.0.0.1:8080/media/generated/a.png' ) );
		// A Service URL with a path: its media is under that path.
		$this->assertSame( 'https://cfs.example/feed/media/generated/a.png', self::url( '/media/generated/a.png', 'https://cfs.example/feed' ) );
		$this->assertNull( self::url( 'https://cfs.example/media/generated/a.png', 'https://cfs.example/feed' ) );
	}

	public function test_the_article_host_is_accepted(): void {
		$this->assertSame( 'https://news.example/img/a.jpg', self::url( 'https://news.example/img/a.jpg' ) );
		$this->assertSame( 'http://NEWS.example/img/a.jpg', self::url( 'http://NEWS.example/img/a.jpg' ) );
	}

	public function test_internal_and_other_hosts_are_refused(): void {
		foreach ( array(
			'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
			'http://0.0.0.0:8080/media/generated/a.png',
			'http://localhost:8080/media/generated/a.png',
			'http://127.0.0.1:6379/media/generated/a.png',
			'https://127.0.0.1:8080/media/generated/a.png',
			'http://10.0.0.5/a.png',
			'https://evil.example/a.png',
			'https://news.example.evil.example/a.png',
			'//evil.example/media/generated/a.png',
		) as $url ) {
			$this->assertNull( self::url( $url ), $url );
		}
	}

	public function test_other_paths_of_the_service_and_tricks_are_refused(): void {
		foreach ( array(
			'/internal/admin.png',
			'http://127.0.0.1:8080/api/v1/account',
			'/media/generated/../../api/v1/me',
			'/media/generated/%2e%2e/%2e%2e/api/v1/me',
			'/media/generated/./a.png',
			'/media/generated/a.png?redirect=http://169.254.169.254/',
			'/media/generated/a b.png',
			'/media/generated/a\\b.png',
			'http://user:pass@127.0.0.1:8080/media/generated/a.png',
			'file:///etc/passwd',
			'gopher://127.0.0.1:8080/media/generated/a.png',
			'media/generated/a.png',
			'',
		) as $url ) {
			$this->assertNull( self::url( $url ), $url );
		}
	}

	public function test_the_service_origin_is_scheme_host_and_port(): void {
		$this->assertTrue( Image_Source::is_service_origin( 'http://127.0.0.1:8080/media/generated/a.png', self::SERVICE ) );
		$this->assertTrue( Image_Source::is_service_origin( 'https://cfs.example/x', 'https://cfs.example:443' ) );
		$this->assertFalse( Image_Source::is_service_origin( 'http://127.0.0.1:8081/a.png', self::SERVICE ) );
		$this->assertFalse( Image_Source::is_service_origin( 'https://127.0.0.1:8080/a.png', self::SERVICE ) );
		$this->assertFalse( Image_Source::is_service_origin( 'not a url', self::SERVICE ) );
	}
}
