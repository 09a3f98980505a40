<?php
/**
 * Turns one article of the changes feed into the post it should be.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Pure mapping (connectors/wordpress/README.md, "What it writes"): the personalized title and
 * summary when present, else the article's; the summary is the excerpt and opens the content,
 * which links to the article; the personalized image, else the article's; the personalized meta
 * description, else the summary. Everything written is plain text with its shortcodes neutralized
 * (Plain_Text), and an image only from where Image_Source allows.
 */
final class Sync_Planner {

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
		$summary  = Plain_Text::from( self::text( $personal['summary'] ?? null ) ?? self::text( $article['summary'] ?? null ) ?? '' );
		$meta     = self::text( $personal['metaDescription'] ?? null );
		$image    = self::text( $personal['imageUrl'] ?? null ) ?? self::text( $article['imageUrl'] ?? null );
		$image    = null === $image ? null : Image_Source::url( $image, $this->service_url, $article['url'] );

		$categories = array_values( array_unique( array_filter( is_array( $article['categories'] ?? null ) ? $article['categories'] : array(), 'is_string' ) ) );

		return new Post_Plan(
			$article['id'],
			Plain_Text::inert( $title ),
			Plain_Text::without_shortcodes( $summary ),
			$this->content( $summary, $article['url'] ),
			gmdate( 'Y-m-d H:i:s', (int) strtotime( $article['publishedAt'] ) ),
			$categories,
			null === $image ? null : $this->image_key( $image ),
			$image,
			null === $meta ? Plain_Text::without_shortcodes( $summary ) : Plain_Text::inert( $meta )
		);
	}

	/**
	 * The post content: the summary's paragraphs, then the link; no shortcode in it can run.
	 *
	 * @param string $summary Plain text (Plain_Text::from), may hold line breaks.
	 * @param string $url     The article's address.
	 */
	private function content( string $summary, string $url ): string {
		$html = '';
		foreach ( preg_split( '/\R{2,}/u', trim( $summary ) ) as $paragraph ) {
			if ( '' !== trim( $paragraph ) ) {
				$html .= '<p>' . nl2br( Plain_Text::esc( trim( $paragraph ) ), false ) . "</p>\n";
			}
		}
		$html .= '<p><a href="' . htmlspecialchars( $url, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8' ) . '">' . Plain_Text::esc( $this->link_text ) . "</a></p>\n";
		return Plain_Text::without_shortcodes( $html );
	}

	/**
	 * The media key of an image URL (the part after /media/generated/), or the whole URL for an image of the article's host.
	 *
	 * @param string $image An absolute URL Image_Source accepted.
	 */
	private function image_key( string $image ): string {
		$path  = (string) parse_url( $image, PHP_URL_PATH );
		$start = strpos( $path, Image_Source::MEDIA_PREFIX );
		return false === $start || ! Image_Source::is_service_origin( $image, $this->service_url ) ? $image : rawurldecode( substr( $path, $start + strlen( Image_Source::MEDIA_PREFIX ) ) );
	}

	/**
	 * A non-empty trimmed string, or null.
	 *
	 * @param mixed $value Anything.
	 */
	private static function text( mixed $value ): ?string {
		return is_string( $value ) && '' !== trim( $value ) ? trim( $value ) : null;
	}
}
