<?php
/**
 * Site_Store over WordPress: posts, categories and the Media Library.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Posts carry _content_feed_article_id and _content_feed_fingerprint; attachments carry
 * _content_feed_image_key, so each image is downloaded once and reused.
 */
final class WP_Site_Store implements Site_Store {

	private const ARTICLE_META     = '_content_feed_article_id';
	private const FINGERPRINT_META = '_content_feed_fingerprint';
	private const IMAGE_META       = '_content_feed_image_key';

	/** What the Media Library keeps from a download: real images only, whatever the name or the Content-Type said. */
	private const IMAGE_TYPES = array(
		'image/jpeg' => 'jpg',
		'image/png'  => 'png',
		'image/gif'  => 'gif',
		'image/webp' => 'webp',
	);

	/**
	 * A store whose new posts are written by this user.
	 *
	 * @param int    $author_id   The administrator who connected (0: none).
	 * @param string $service_url The Service URL: the one private or local origin images may come from.
	 */
	public function __construct( private int $author_id = 0, private string $service_url = '' ) {}

	/**
	 * The post that holds an article, trash included.
	 *
	 * @param string $article_id The article id.
	 * @return array{id: int, status: string, fingerprint: string|null}|null
	 */
	public function find_post( string $article_id ): ?array {
		$ids = get_posts(
			array(
				'post_type'        => 'post',
				'post_status'      => 'any,trash',
				'meta_key'         => self::ARTICLE_META, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key
				'meta_value'       => $article_id, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
				'fields'           => 'ids',
				'posts_per_page'   => 1,
				'orderby'          => 'ID',
				'order'            => 'ASC',
				'suppress_filters' => true,
			)
		);
		if ( empty( $ids ) ) {
			return null;
		}
		$id          = (int) $ids[0];
		$fingerprint = get_post_meta( $id, self::FINGERPRINT_META, true );
		return array(
			'id'          => $id,
			'status'      => (string) get_post_status( $id ),
			'fingerprint' => '' === $fingerprint ? null : (string) $fingerprint,
		);
	}

	/**
	 * Creates the post of a plan.
	 *
	 * @param Post_Plan       $plan          The plan.
	 * @param string          $status        'publish' or 'draft'.
	 * @param array<int, int> $category_ids  Term ids.
	 * @param int|null        $attachment_id Featured image.
	 * @param string          $fingerprint   Kept in post meta.
	 * @throws \RuntimeException When WordPress refuses the post.
	 */
	public function create_post( Post_Plan $plan, string $status, array $category_ids, ?int $attachment_id, string $fingerprint ): int {
		$postarr = $this->postarr( $plan, $status, $category_ids, $attachment_id, $fingerprint );
		// Updates keep the post's author: a site owner may have reassigned it.
		$postarr['post_author'] = $this->author_id;
		$id                     = wp_insert_post( $postarr, true );
		if ( is_wp_error( $id ) ) {
			throw new \RuntimeException( 'wp_insert_post failed' );
		}
		return (int) $id;
	}

	/**
	 * Rewrites a post to a plan.
	 *
	 * @param int             $post_id       The post.
	 * @param Post_Plan       $plan          The plan.
	 * @param string|null     $status        New status or null to keep it.
	 * @param array<int, int> $category_ids  Term ids.
	 * @param int|null        $attachment_id Featured image.
	 * @param string          $fingerprint   Kept in post meta.
	 * @throws \RuntimeException When WordPress refuses the post.
	 */
	public function update_post( int $post_id, Post_Plan $plan, ?string $status, array $category_ids, ?int $attachment_id, string $fingerprint ): void {
		$postarr       = $this->postarr( $plan, $status ?? (string) get_post_status( $post_id ), $category_ids, $attachment_id, $fingerprint );
		$postarr['ID'] = $post_id;
		if ( is_wp_error( wp_update_post( $postarr, true ) ) ) {
			throw new \RuntimeException( 'wp_update_post failed' );
		}
		if ( null === $attachment_id ) {
			delete_post_thumbnail( $post_id );
		}
	}

	/**
	 * Moves a post to the trash.
	 *
	 * @param int $post_id The post.
	 */
	public function trash_post( int $post_id ): void {
		wp_trash_post( $post_id );
	}

	/**
	 * The plugin's posts that are not in the trash (a resync's end).
	 *
	 * @return array<string, int> Post ids by article id.
	 */
	public function live_posts(): array {
		$posts = get_posts(
			array(
				'post_type'        => 'post',
				'post_status'      => array( 'publish', 'draft', 'pending', 'private', 'future' ),
				'meta_key'         => self::ARTICLE_META, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key
				'numberposts'      => -1,
				'no_found_rows'    => true,
				'suppress_filters' => true,
			)
		);
		$live  = array();
		foreach ( $posts as $post ) {
			$live[ (string) get_post_meta( $post->ID, self::ARTICLE_META, true ) ] = (int) $post->ID;
		}
		return $live;
	}

	/**
	 * The category with this slug.
	 *
	 * @param string $slug The key.
	 */
	public function find_category( string $slug ): ?int {
		$term = get_term_by( 'slug', $slug, 'category' );
		return $term ? (int) $term->term_id : null;
	}

	/**
	 * Creates a category.
	 *
	 * @param string $slug The key.
	 * @param string $name The name.
	 * @throws \RuntimeException When WordPress refuses the term.
	 */
	public function create_category( string $slug, string $name ): int {
		$term = wp_insert_term( $name, 'category', array( 'slug' => $slug ) );
		if ( is_wp_error( $term ) ) {
			// A category of that name with another slug exists: reuse it rather than fail the sync.
			$existing = $term->get_error_data( 'term_exists' );
			if ( is_numeric( $existing ) ) {
				return (int) $existing;
			}
			throw new \RuntimeException( 'wp_insert_term failed' );
		}
		return (int) $term['term_id'];
	}

	/**
	 * The attachment of an image key.
	 *
	 * @param string $image_key The media key.
	 */
	public function find_attachment( string $image_key ): ?int {
		$ids = get_posts(
			array(
				'post_type'        => 'attachment',
				'post_status'      => 'inherit',
				'meta_key'         => self::IMAGE_META, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key
				'meta_value'       => $image_key, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
				'fields'           => 'ids',
				'posts_per_page'   => 1,
				'suppress_filters' => true,
			)
		);
		return empty( $ids ) ? null : (int) $ids[0];
	}

	/**
	 * Downloads an image into the Media Library: with wp_safe_remote_get, whose host checks
	 * (wp_http_validate_url) refuse private and local addresses and unusual ports, except the
	 * Service URL's own origin (the administrator chose it, and it may be a local host on any
	 * port: allowed through the checks' own filters, for that origin only); no redirect is
	 * followed; the body is kept only when its bytes are an image (wp_get_image_mime).
	 * Sync_Planner asked Image_Source which URLs may come here at all.
	 *
	 * @param string $url       Where.
	 * @param string $image_key The media key.
	 * @param string $title     Title and alt text.
	 */
	public function sideload_image( string $url, string $image_key, string $title ): ?int {
		require_once ABSPATH . 'wp-admin/includes/file.php';
		require_once ABSPATH . 'wp-admin/includes/media.php';
		require_once ABSPATH . 'wp-admin/includes/image.php';
		$service = $this->service_url;
		$host    = static fn ( $external, $host, $requested ) => $external || Image_Source::is_service_origin( (string) $requested, $service );
		$ports   = static function ( $allowed, $host, $requested ) use ( $service ) {
			if ( is_array( $allowed ) && Image_Source::is_service_origin( (string) $requested, $service ) ) {
				$allowed[] = (int) ( parse_url( (string) $requested, PHP_URL_PORT ) ?? ( str_starts_with( strtolower( (string) $requested ), 'https:' ) ? 443 : 80 ) );
			}
			return $allowed;
		};
		add_filter( 'http_request_host_is_external', $host, 10, 3 );
		add_filter( 'http_allowed_safe_ports', $ports, 10, 3 );
		try {
			$answer = wp_safe_remote_get(
				$url,
				array(
					'timeout'     => 30,
					'redirection' => 0,
				)
			);
		} finally {
			remove_filter( 'http_request_host_is_external', $host, 10 );
			remove_filter( 'http_allowed_safe_ports', $ports, 10 );
		}
		if ( is_wp_error( $answer ) || 200 !== wp_remote_retrieve_response_code( $answer ) ) {
			return null;
		}
		$file = wp_tempnam( 'content-feed-image' );
		if ( ! $file || false === file_put_contents( $file, wp_remote_retrieve_body( $answer ) ) ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
			return null;
		}
		$mime = wp_get_image_mime( $file );
		if ( ! isset( self::IMAGE_TYPES[ $mime ] ) ) {
			wp_delete_file( $file );
			return null;
		}
		$name = sanitize_file_name( pathinfo( (string) parse_url( $image_key, PHP_URL_PATH ), PATHINFO_FILENAME ) );
		$id   = media_handle_sideload(
			array(
				'name'     => ( '' === $name ? 'content-feed-image' : $name ) . '.' . self::IMAGE_TYPES[ $mime ],
				'tmp_name' => $file,
			),
			0,
			$title
		);
		if ( is_wp_error( $id ) ) {
			wp_delete_file( $file );
			return null;
		}
		update_post_meta( $id, self::IMAGE_META, $image_key );
		update_post_meta( $id, '_wp_attachment_image_alt', $title );
		return (int) $id;
	}

	/**
	 * The wp_insert_post array of a plan.
	 *
	 * @param Post_Plan       $plan          The plan.
	 * @param string          $status        Status.
	 * @param array<int, int> $category_ids  Term ids.
	 * @param int|null        $attachment_id Featured image.
	 * @param string          $fingerprint   Fingerprint.
	 * @return array<string, mixed>
	 */
	private function postarr( Post_Plan $plan, string $status, array $category_ids, ?int $attachment_id, string $fingerprint ): array {
		$meta = array(
			self::ARTICLE_META      => $plan->article_id,
			self::FINGERPRINT_META  => $fingerprint,
			'_yoast_wpseo_metadesc' => $plan->meta_description,
			'rank_math_description' => $plan->meta_description,
		);
		if ( null !== $attachment_id ) {
			$meta['_thumbnail_id'] = $attachment_id;
		}
		return array(
			'post_type'     => 'post',
			'post_status'   => $status,
			'post_title'    => $plan->title,
			'post_excerpt'  => $plan->excerpt,
			'post_content'  => $plan->content,
			'post_date_gmt' => $plan->date_gmt,
			'post_date'     => get_date_from_gmt( $plan->date_gmt ),
			'post_category' => $category_ids,
			'meta_input'    => $meta,
		);
	}
}
