<?php
/**
 * The post one article should be, before anything is written.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * What Sync_Planner decided for one article; Change_Applier writes it through a Site_Store.
 */
final class Post_Plan {

	/**
	 * A plan.
	 *
	 * @param string             $article_id       The feed's article id (post meta _content_feed_article_id).
	 * @param string             $title            Post title (plain text).
	 * @param string             $excerpt          Post excerpt: the summary (plain text).
	 * @param string             $content          Post content (HTML): the summary, then a link to the article.
	 * @param string             $date_gmt         Post date in UTC, 'Y-m-d H:i:s'.
	 * @param array<int, string> $category_keys    Taxonomy category keys (the WordPress category slugs).
	 * @param string|null        $image_key        Media key of the featured image (one attachment per key).
	 * @param string|null        $image_url        Absolute URL to download it from.
	 * @param string             $meta_description For _yoast_wpseo_metadesc and rank_math_description.
	 */
	public function __construct(
		public readonly string $article_id,
		public readonly string $title,
		public readonly string $excerpt,
		public readonly string $content,
		public readonly string $date_gmt,
		public readonly array $category_keys,
		public readonly ?string $image_key,
		public readonly ?string $image_url,
		public readonly string $meta_description,
	) {
	}

	/**
	 * A fingerprint of everything the plan writes, kept in post meta: an equal fingerprint means
	 * the post is already this plan, so a sync that finds no change writes nothing, whatever
	 * WordPress's own filters did to the stored title or content.
	 *
	 * @param bool $with_image False when the image could not be attached (a later change retries it).
	 */
	public function fingerprint( bool $with_image = true ): string {
		$fields = get_object_vars( $this );
		unset( $fields['image_url'] );
		if ( ! $with_image ) {
			$fields['image_key'] = null;
		}
		return hash( 'sha256', (string) json_encode( $fields ) );
	}
}
