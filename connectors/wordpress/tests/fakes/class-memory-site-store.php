<?php
/**
 * Site_Store in memory: posts, categories and attachments as arrays, every write logged.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Post_Plan;
use Content_Feed_Connector\Site_Store;

final class Memory_Site_Store implements Site_Store {

	/** @var array<int, array<string, mixed>> Posts by id. */
	public array $posts = array();
	/** @var array<string, array{id: int, name: string}> Categories by slug. */
	public array $categories = array();
	/** @var array<string, array{id: int, url: string}> Attachments by image key. */
	public array $attachments = array();
	/** @var array<int, string> One line per write. */
	public array $writes = array();
	/** @var array<string, true> Image URLs whose download fails. */
	public array $broken_images = array();
	/** @var int|null Fail the nth create_post/update_post (1-based), like a database error. */
	public ?int $fail_on_write = null;

	private int $next_id = 100;
	private int $post_writes = 0;

	public function find_post( string $article_id ): ?array {
		foreach ( $this->posts as $id => $post ) {
			if ( $post['meta']['_content_feed_article_id'] === $article_id ) {
				return array( 'id' => $id, 'status' => $post['status'], 'fingerprint' => $post['meta']['_content_feed_fingerprint'] );
			}
		}
		return null;
	}

	public function create_post( Post_Plan $plan, string $status, array $category_ids, ?int $attachment_id, string $fingerprint ): int {
		$this->count_write();
		$id                 = $this->next_id++;
		$this->posts[ $id ] = $this->post( $plan, $status, $category_ids, $attachment_id, $fingerprint );
		$this->writes[]     = "create post $id";
		return $id;
	}

	public function update_post( int $post_id, Post_Plan $plan, ?string $status, array $category_ids, ?int $attachment_id, string $fingerprint ): void {
		$this->count_write();
		$this->posts[ $post_id ] = $this->post( $plan, $status ?? $this->posts[ $post_id ]['status'], $category_ids, $attachment_id, $fingerprint );
		$this->writes[]          = "update post $post_id";
	}

	public function trash_post( int $post_id ): void {
		$this->posts[ $post_id ]['status'] = 'trash';
		$this->writes[]                    = "trash post $post_id";
	}

	public function live_posts(): array {
		$live = array();
		foreach ( $this->posts as $id => $post ) {
			if ( 'trash' !== $post['status'] ) {
				$live[ $post['meta']['_content_feed_article_id'] ] = $id;
			}
		}
		return $live;
	}

	public function find_category( string $slug ): ?int {
		return $this->categories[ $slug ]['id'] ?? null;
	}

	public function create_category( string $slug, string $name ): int {
		$id                        = $this->next_id++;
		$this->categories[ $slug ] = array( 'id' => $id, 'name' => $name );
		$this->writes[]            = "create category $slug";
		return $id;
	}

	public function find_attachment( string $image_key ): ?int {
		return $this->attachments[ $image_key ]['id'] ?? null;
	}

	public function sideload_image( string $url, string $image_key, string $title ): ?int {
		if ( isset( $this->broken_images[ $url ] ) ) {
			return null;
		}
		$id                              = $this->next_id++;
		$this->attachments[ $image_key ] = array( 'id' => $id, 'url' => $url );
		$this->writes[]                  = "sideload $image_key";
		return $id;
	}

	/** The post that holds an article (test helper). */
	public function post_of( string $article_id ): ?array {
		$found = $this->find_post( $article_id );
		return null === $found ? null : $this->posts[ $found['id'] ];
	}

	/** Category slugs of a post (test helper). */
	public function slugs_of( array $post ): array {
		$slugs = array();
		foreach ( $this->categories as $slug => $category ) {
			if ( in_array( $category['id'], $post['categories'], true ) ) {
				$slugs[] = $slug;
			}
		}
		return $slugs;
	}

	private function count_write(): void {
		++$this->post_writes;
		if ( $this->post_writes === $this->fail_on_write ) {
			throw new \RuntimeException( 'database gone' );
		}
	}

	private function post( Post_Plan $plan, string $status, array $category_ids, ?int $attachment_id, string $fingerprint ): array {
		return array(
			'title'      => $plan->title,
			'excerpt'    => $plan->excerpt,
			'content'    => $plan->content,
			'date_gmt'   => $plan->date_gmt,
			'status'     => $status,
			'categories' => $category_ids,
			'thumbnail'  => $attachment_id,
			'meta'       => array(
				'_content_feed_article_id'  => $plan->article_id,
				'_content_feed_fingerprint' => $fingerprint,
				'_yoast_wpseo_metadesc'     => $plan->meta_description,
				'rank_math_description'     => $plan->meta_description,
			),
		);
	}
}
