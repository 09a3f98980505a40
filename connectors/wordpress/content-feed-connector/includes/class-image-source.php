<?php
/**
 * Which image URLs the connector may download.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * A feed item's image is downloaded only from the Service URL's own generated media
 * (`{Service URL}/media/generated/…`, docs/api.md) or from the host of the article's own url; any
 * other address (an internal host, the cloud's metadata address, another path of the service) is
 * refused, so a compromised service or a tampered http answer cannot make WordPress fetch it.
 * WP_Site_Store then downloads with wp_safe_remote_get (its host checks allow only the Service
 * URL's origin besides public hosts), follows no redirect and keeps only real images.
 */
final class Image_Source {

	/** Where generated media lives under the service. */
	public const MEDIA_PREFIX = '/media/generated/';

	/**
	 * The absolute URL to download an image from, or null when it is refused.
	 *
	 * @param string $image       The feed's imageUrl: a path under the service or an absolute URL.
	 * @param string $service_url The Service URL (http or https, no trailing slash).
	 * @param string $article_url The article's url.
	 */
	public static function url( string $image, string $service_url, string $article_url ): ?string {
		$image = trim( $image );
		if ( '' === $image || preg_match( '/[\s\\\\]/', $image ) ) {
			return null;
		}
		if ( str_starts_with( $image, '/' ) && ! str_starts_with( $image, '//' ) ) {
			$image = $service_url . $image;
		}
		$url = self::parts( $image );
		if ( null === $url || '' !== $url['query'] || self::has_dot_segments( $url['path'] ) ) {
			return null;
		}
		$service = self::parts( $service_url );
		if ( null !== $service && self::same_origin( $url, $service ) ) {
			return str_starts_with( $url['path'], rtrim( $service['path'], '/' ) . self::MEDIA_PREFIX ) ? $image : null;
		}
		$article = self::parts( $article_url );
		return null !== $article && $article['host'] === $url['host'] ? $image : null;
	}

	/**
	 * Whether a URL has the Service URL's scheme, host and port.
	 *
	 * @param string $url         Any URL.
	 * @param string $service_url The Service URL.
	 */
	public static function is_service_origin( string $url, string $service_url ): bool {
		$a = self::parts( $url );
		$b = self::parts( $service_url );
		return null !== $a && null !== $b && self::same_origin( $a, $b );
	}

	/**
	 * The parts of an absolute http(s) URL without user info, or null.
	 *
	 * @param string $url The URL.
	 * @return array{scheme: string, host: string, port: int, path: string, query: string}|null
	 */
	private static function parts( string $url ): ?array {
		$p = parse_url( $url );
		if ( ! is_array( $p ) || ! isset( $p['scheme'], $p['host'] ) || isset( $p['user'] ) || isset( $p['pass'] ) ) {
			return null;
		}
		$scheme = strtolower( $p['scheme'] );
		if ( 'http' !== $scheme && 'https' !== $scheme ) {
			return null;
		}
		return array(
			'scheme' => $scheme,
			'host'   => strtolower( $p['host'] ),
			'port'   => (int) ( $p['port'] ?? ( 'https' === $scheme ? 443 : 80 ) ),
			'path'   => (string) ( $p['path'] ?? '/' ),
			'query'  => (string) ( $p['query'] ?? '' ),
		);
	}

	/**
	 * Same scheme, host and port.
	 *
	 * @param array{scheme: string, host: string, port: int} $a A URL's parts.
	 * @param array{scheme: string, host: string, port: int} $b Another's.
	 */
	private static function same_origin( array $a, array $b ): bool {
		return $a['scheme'] === $b['scheme'] && $a['host'] === $b['host'] && $a['port'] === $b['port'];
	}

	/**
	 * Whether a path holds "." or ".." segments, encoded or not (they could leave /media/generated/).
	 *
	 * @param string $path A URL path.
	 */
	private static function has_dot_segments( string $path ): bool {
		return (bool) preg_match( '#(^|/)\.{1,2}(/|$)#', rawurldecode( $path ) );
	}
}
