<?php
/**
 * Applying changes: create, update, idempotence, trash, restore, drafts, terms and attachments.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Change_Applier;
use Content_Feed_Connector\Sync_Planner;
use PHPUnit\Framework\TestCase;

final class ChangeApplierTest extends TestCase {

	private Memory_Site_Store $store;
	private int $taxonomy_calls = 0;

	protected function setUp(): void {
		$this->store = new Memory_Site_Store();
	}

	private function applier( bool $drafts = false ): Change_Applier {
		$names = function (): array {
			++$this->taxonomy_calls;
			return array(
				'technology' => 'Technology',
				'science'    => 'Science',
			);
		};
		return new Change_Applier( $this->store, new Sync_Planner( 'https://feed.example' ), $drafts, $names );
	}

	public function test_an_upsert_creates_one_published_post_with_everything(): void {
		$counts = $this->applier()->apply( array( Articles::upsert( Articles::article( 'a1', array( 'personalized' => Articles::personalized( 'a1' ) ) ) ) ) );
		$this->assertSame( 1, $counts['created'] );
		$post = $this->store->post_of( 'a1' );
		$this->assertSame( 'Personal title of a1', $post['title'] );
		$this->assertSame( 'Personal summary of a1.', $post['excerpt'] );
		$this->assertSame( 'publish', $post['status'] );
		$this->assertSame( '2026-02-01 08:00:00', $post['date_gmt'] );
		$this->assertSame( array( 'technology' ), $this->store->slugs_of( $post ) );
		$this->assertSame( 'Technology', $this->store->categories['technology']['name'] );
		$this->assertSame( $this->store->attachments['ai/a1-hero.png']['id'], $post['thumbnail'] );
		$this->assertSame( 'https://feed.example/media/generated/ai/a1-hero.png', $this->store->attachments['ai/a1-hero.png']['url'] );
		$this->assertSame( 'Personal meta of a1.', $post['meta']['_yoast_wpseo_metadesc'] );
		$this->assertSame( 'Personal meta of a1.', $post['meta']['rank_math_description'] );
	}

	public function test_applying_the_same_changes_twice_writes_nothing_the_second_time(): void {
		$changes = array(
			Articles::upsert( Articles::article( 'a1' ) ),
			Articles::upsert( Articles::article( 'a2', array( 'categories' => array( 'technology', 'science' ) ) ) ),
			Articles::delete( 'a3' ),
		);
		$this->applier()->apply( $changes );
		$this->assertSame(
			array( 'create category technology', 'sideload covers/a1.png', 'create post 102', 'create category science', 'sideload covers/a2.png', 'create post 105' ),
			$this->store->writes,
			'a delete of an article the site never held writes nothing'
		);
		$this->store->writes = array();
		$counts              = $this->applier()->apply( $changes );
		$this->assertSame( array(), $this->store->writes );
		$this->assertSame( 2, $counts['unchanged'] );
		$this->assertCount( 2, $this->store->posts, 'never a duplicate' );
	}

	public function test_a_changed_article_updates_its_post_in_place(): void {
		$this->applier()->apply( array( Articles::upsert( Articles::article( 'a1' ) ) ) );
		$id                  = $this->store->find_post( 'a1' )['id'];
		$this->store->writes = array();
		$counts              = $this->applier()->apply( array( Articles::upsert( Articles::article( 'a1', array( 'title' => 'Edited', 'personalized' => Articles::personalized( 'a1' ) ) ) ) ) );
		$this->assertSame( 1, $counts['updated'] );
		$this->assertSame( array( 'sideload ai/a1-hero.png', "update post $id" ), $this->store->writes );
		$this->assertSame( 'Personal title of a1', $this->store->posts[ $id ]['title'] );
		$this->assertCount( 1, $this->store->posts );
	}

	public function test_a_delete_trashes_the_post_whatever_its_reason_and_an_upsert_restores_it(): void {
		$this->applier()->apply( array( Articles::upsert( Articles::article( 'a1' ) ), Articles::upsert( Articles::article( 'a2' ) ) ) );
		$counts = $this->applier()->apply( array( Articles::delete( 'a1', 'removed' ), Articles::delete( 'a2', 'unsubscribed' ) ) );
		$this->assertSame( 2, $counts['trashed'] );
		$this->assertSame( 'trash', $this->store->post_of( 'a1' )['status'] );
		$this->assertSame( 'trash', $this->store->post_of( 'a2' )['status'] );

		$this->store->writes = array();
		$this->applier()->apply( array( Articles::delete( 'a1' ) ) );
		$this->assertSame( array(), $this->store->writes, 'a second delete writes nothing' );

		$counts = $this->applier()->apply( array( Articles::upsert( Articles::article( 'a1' ) ) ) );
		$this->assertSame( 1, $counts['updated'] );
		$this->assertSame( 'publish', $this->store->post_of( 'a1' )['status'] );
		$this->assertCount( 2, $this->store->posts );
	}

	public function test_drafts_create_drafts_and_an_update_keeps_the_status_the_owner_chose(): void {
		$this->applier( true )->apply( array( Articles::upsert( Articles::article( 'a1' ) ) ) );
		$this->assertSame( 'draft', $this->store->post_of( 'a1' )['status'] );
		$id                                  = $this->store->find_post( 'a1' )['id'];
		$this->store->posts[ $id ]['status'] = 'publish'; // The owner reviewed and published it.
		$this->applier( true )->apply( array( Articles::upsert( Articles::article( 'a1', array( 'title' => 'Edited' ) ) ) ) );
		$this->assertSame( 'publish', $this->store->posts[ $id ]['status'] );
		$this->assertSame( 'Edited', $this->store->posts[ $id ]['title'] );
	}

	public function test_one_attachment_per_image_key_and_one_category_per_key(): void {
		$shared = array( 'imageKey' => 'covers/shared.png', 'imageUrl' => '/media/generated/covers/shared.png' );
		$this->applier()->apply(
			array(
				Articles::upsert( Articles::article( 'a1', $shared ) ),
				Articles::upsert( Articles::article( 'a2', $shared ) ),
				Articles::upsert( Articles::article( 'a3', array( 'categories' => array( 'unknown-key' ) ) ) ),
			)
		);
		$this->assertSame( array( 'covers/shared.png', 'covers/a3.png' ), array_keys( $this->store->attachments ) );
		$this->assertSame( $this->store->post_of( 'a1' )['thumbnail'], $this->store->post_of( 'a2' )['thumbnail'] );
		$this->assertSame( array( 'technology', 'unknown-key' ), array_keys( $this->store->categories ) );
		$this->assertSame( 'unknown-key', $this->store->categories['unknown-key']['name'], 'a key the taxonomy does not name names itself' );
		$this->assertSame( 1, $this->taxonomy_calls, 'the taxonomy is read once, only to name new categories' );
	}

	public function test_existing_categories_are_reused_without_reading_the_taxonomy(): void {
		$this->store->categories['technology'] = array( 'id' => 7, 'name' => 'Tech (renamed by the owner)' );
		$this->applier()->apply( array( Articles::upsert( Articles::article( 'a1' ) ) ) );
		$this->assertSame( array( 7 ), $this->store->post_of( 'a1' )['categories'] );
		$this->assertSame( 0, $this->taxonomy_calls );
	}

	public function test_an_image_that_cannot_be_downloaded_leaves_the_post_without_one_and_is_retried_on_the_next_change(): void {
		$this->store->broken_images['https://feed.example/media/generated/covers/a1.png'] = true;
		$counts = $this->applier()->apply( array( Articles::upsert( Articles::article( 'a1' ) ) ) );
		$this->assertSame( 1, $counts['images_failed'] );
		$this->assertNull( $this->store->post_of( 'a1' )['thumbnail'] );

		$this->store->broken_images = array();
		$this->applier()->apply( array( Articles::upsert( Articles::article( 'a1' ) ) ) );
		$this->assertSame( $this->store->attachments['covers/a1.png']['id'], $this->store->post_of( 'a1' )['thumbnail'] );
	}

	public function test_a_change_of_unknown_type_is_refused(): void {
		$this->expectException( \UnexpectedValueException::class );
		$this->applier()->apply( array( array( 'type' => 'rename' ) ) );
	}
}
