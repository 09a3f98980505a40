<?php
/**
 * What the sync reads and writes in WordPress: the port that the WordPress adapter implements
 * (includes/wordpress/class-wp-site-store.php) and the tests fake in memory.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Posts are found by their article id; categories by slug; attachments by image key.
 */
interface Site_Store {

	/**
	 * The post that holds an article, whatever its status (trash included), or null.
	 *
	 * @param string $article_id The feed's article id.
	 * @return array{id: int, status: string, fingerprint: string|null}|null
	 */
	public function find_post( string $article_id ): ?array;

	/**
	 * Creates the post of a plan.
	 *
	 * @param Post_Plan          $plan          The plan.
	 * @param string             $status        'publish' or 'draft'.
	 * @param array<int, int>    $category_ids  Term ids.
	 * @param int|null           $attachment_id Featured image.
	 * @param string             $fingerprint   To keep in post meta.
	 * @return int The post id.
	 */
	public function create_post( Post_Plan $plan, string $status, array $category_ids, ?int $attachment_id, string $fingerprint ): int;

	/**
	 * Rewrites a post to a plan; $status null keeps the post's status (a draft the owner published stays published).
	 *
	 * @param int             $post_id       The post.
	 * @param Post_Plan       $plan          The plan.
	 * @param string|null     $status        New status, or null to keep it.
	 * @param array<int, int> $category_ids  Term ids.
	 * @param int|null        $attachment_id Featured image.
	 * @param string          $fingerprint   To keep in post meta.
	 */
	public function update_post( int $post_id, Post_Plan $plan, ?string $status, array $category_ids, ?int $attachment_id, string $fingerprint ): void;

	/**
	 * Moves a post to the trash.
	 *
	 * @param int $post_id The post.
	 */
	public function trash_post( int $post_id ): void;

	/**
	 * The posts of the plugin that are not in the trash.
	 *
	 * @return array<string, int> Post ids by article id.
	 */
	public function live_posts(): array;

	/**
	 * The category with this slug, or null.
	 *
	 * @param string $slug The taxonomy key.
	 */
	public function find_category( string $slug ): ?int;

	/**
	 * Creates a category.
	 *
	 * @param string $slug The taxonomy key.
	 * @param string $name Its name in the taxonomy.
	 * @return int The term id.
	 */
	public function create_category( string $slug, string $name ): int;

	/**
	 * The attachment that holds an image key, or null.
	 *
	 * @param string $image_key The media key.
	 */
	public function find_attachment( string $image_key ): ?int;

	/**
	 * Downloads an image into the Media Library, tagged with its key.
	 *
	 * @param string $url       Where to download it.
	 * @param string $image_key The media key.
	 * @param string $title     Title / alt text of the attachment.
	 * @return int|null The attachment id, or null when it could not be downloaded.
	 */
	public function sideload_image( string $url, string $image_key, string $title ): ?int;
}
