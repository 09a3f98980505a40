<?php
/**
 * Turns one article of the changes feed into the post it should be.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Pure mapping (design: the WordPress connector): the personalized title and summary when
 * present, else the article's; the summary is the excerpt and opens the content, which links to
 * the article; the personalized image, else the article's; the personalized meta description,
 * else the summary.
 */
final class Sync_Planner {

	/** Where generated media lives under the service (docs/api.md, generated media). */
	private const MEDIA_PREFIX = '/media/generated/';

	/**
	 * A planner.
	 *
	 * @param string $service_url Base URL that image paths are relative to (no trailing slash).
	 * @param string $link_text   The translated text of the link to the article.
	 */
	public function __construct( private string $service_url, private string $link_text = 'Read the full article' ) {
	}

	/**
	 * The plan for one article.
	 *
	 * @param array<string, mixed> $article A feed item.
	 * @throws \UnexpectedValueException When the article lacks its id, title, url or publishedAt.
	 */
	public function plan( array $article ): Post_Plan {
		foreach ( array( 'id', 'title', 'url', 'publishedAt' ) as $field ) {
			if ( ! is_string( $article[ $field ] ?? null ) || '' === $article[ $field ] ) {
				throw new \UnexpectedValueException( sprintf( 'An article in the changes feed has no %s.', $field ) );
			}
		}
		$personal = is_array( $article['personalized'] ?? null ) ? $article['personalized'] : array();
		$title    = self::text( $personal['title'] ?? null ) ?? $article['title'];
		$summary  = self::text( $personal['summary'] ?? null ) ?? self::text( $article['summary'] ?? null ) ?? '';
		$meta     = self::text( $personal['metaDescription'] ?? null ) ?? $summary;
		$image    = self::text( $personal['imageUrl'] ?? null ) ?? self::text( $article['imageUrl'] ?? null );

		$categories = array_values( array_unique( array_filter( is_array( $article['categories'] ?? null ) ? $article['categories'] : array(), 'is_string' ) ) );

		return new Post_Plan(
			$article['id'],
			$title,
			$summary,
			$this->content( $summary, $article['url'] ),
			gmdate( 'Y-m-d H:i:s', (int) strtotime( $article['publishedAt'] ) ),
			$categories,
			null === $image ? null : $this->image_key( $image ),
			null === $image ? null : $this->absolute( $image ),
			$meta
		);
	}

	/**
	 * The post content: the summary's paragraphs, then the link.
	 *
	 * @param string $summary Plain text, may hold line breaks.
	 * @param string $url     The article's address.
	 */
	private function content( string $summary, string $url ): string {
		$html = '';
		foreach ( preg_split( '/\R{2,}/u', trim( $summary ) ) as $paragraph ) {
			if ( '' !== trim( $paragraph ) ) {
				$html .= '<p>' . nl2br( self::esc( trim( $paragraph ) ), false ) . "</p>\n";
			}
		}
		return $html . '<p><a href="' . self::esc( $url ) . '">' . self::esc( $this->link_text ) . "</a></p>\n";
	}

	/**
	 * The media key of an image path (/media/generated/{key}), or the whole URL for any other image.
	 *
	 * @param string $image Path or URL.
	 */
	private function image_key( string $image ): string {
		$path  = (string) parse_url( $image, PHP_URL_PATH );
		$start = strpos( $path, self::MEDIA_PREFIX );
		return false === $start ? $image : rawurldecode( substr( $path, $start + strlen( self::MEDIA_PREFIX ) ) );
	}

	/**
	 * An absolute URL for an image path given relative to the service.
	 *
	 * @param string $image Path or URL.
	 */
	private function absolute( string $image ): string {
		return preg_match( '#^https?://#i', $image ) ? $image : $this->service_url . '/' . ltrim( $image, '/' );
	}

	/**
	 * A non-empty trimmed string, or null.
	 *
	 * @param mixed $value Anything.
	 */
	private static function text( mixed $value ): ?string {
		return is_string( $value ) && '' !== trim( $value ) ? trim( $value ) : null;
	}

	/**
	 * HTML-escapes text (esc_html without WordPress).
	 *
	 * @param string $text Text.
	 */
	private static function esc( string $text ): string {
		return htmlspecialchars( $text, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8' );
	}
}
