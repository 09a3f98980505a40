<?php
/**
 * The mapping from a feed item to a post.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Sync_Planner;
use PHPUnit\Framework\TestCase;

final class SyncPlannerTest extends TestCase {

	private function planner(): Sync_Planner {
		return new Sync_Planner( 'https://feed.example', 'Read on' );
	}

	public function test_an_article_without_personalization_maps_its_own_fields(): void {
		$plan = $this->planner()->plan( Articles::article( 'a1', array( 'categories' => array( 'technology', 'science' ) ) ) );
		$this->assertSame( 'a1', $plan->article_id );
		$this->assertSame( 'Title of a1', $plan->title );
		$this->assertSame( 'Summary of a1.', $plan->excerpt );
		$this->assertSame( "<p>Summary of a1.</p>\n<p><a href=\"https://news.example/a1\">Read on</a></p>\n", $plan->content );
		$this->assertSame( '2026-02-01 08:00:00', $plan->date_gmt );
		$this->assertSame( array( 'technology', 'science' ), $plan->category_keys );
		$this->assertSame( 'covers/a1.png', $plan->image_key );
		$this->assertSame( 'https://feed.example/media/generated/covers/a1.png', $plan->image_url );
		$this->assertSame( 'Summary of a1.', $plan->meta_description );
	}

	public function test_the_personalized_variant_wins_for_title_summary_meta_and_image(): void {
		$plan = $this->planner()->plan( Articles::article( 'a1', array( 'personalized' => Articles::personalized( 'a1' ) ) ) );
		$this->assertSame( 'Personal title of a1', $plan->title );
		$this->assertSame( 'Personal summary of a1.', $plan->excerpt );
		$this->assertStringStartsWith( '<p>Personal summary of a1.</p>', $plan->content );
		$this->assertStringContainsString( 'href="https://news.example/a1"', $plan->content );
		$this->assertSame( 'Personal meta of a1.', $plan->meta_description );
		$this->assertSame( 'ai/a1-hero.png', $plan->image_key );
		$this->assertSame( 'https://feed.example/media/generated/ai/a1-hero.png', $plan->image_url );
	}

	public function test_a_personalized_variant_still_without_image_falls_back_to_the_article_image(): void {
		$personal             = Articles::personalized( 'a1' );
		$personal['imageUrl'] = null;
		$plan                 = $this->planner()->plan( Articles::article( 'a1', array( 'personalized' => $personal ) ) );
		$this->assertSame( 'covers/a1.png', $plan->image_key );
	}

	public function test_no_summary_and_no_image(): void {
		$plan = $this->planner()->plan( Articles::article( 'a1', array( 'summary' => null, 'imageKey' => null, 'imageUrl' => null ) ) );
		$this->assertSame( '', $plan->excerpt );
		$this->assertSame( '', $plan->meta_description );
		$this->assertSame( "<p><a href=\"https://news.example/a1\">Read on</a></p>\n", $plan->content );
		$this->assertNull( $plan->image_key );
		$this->assertNull( $plan->image_url );
	}

	public function test_the_content_escapes_text_and_keeps_paragraphs(): void {
		$plan = $this->planner()->plan( Articles::article( 'a1', array( 'summary' => "Cats & <b>dogs</b>\nline two\n\nSecond \"para\"", 'url' => 'https://news.example/a?x=1&y="2"' ) ) );
		$this->assertSame(
			"<p>Cats &amp; dogs<br>\nline two</p>\n<p>Second &quot;para&quot;</p>\n<p><a href=\"https://news.example/a?x=1&amp;y=&quot;2&quot;\">Read on</a></p>\n",
			$plan->content
		);
		// Themes print the excerpt unescaped (the_excerpt): it is plain text, its markup gone.
		$this->assertSame( "Cats & dogs\nline two\n\nSecond \"para\"", $plan->excerpt );
	}

	public function test_hostile_markup_and_shortcodes_are_written_as_inert_text(): void {
		$hostile = array(
			'title'        => '<img src=x onerror=alert(1)>Robots <b>rule</b> [cfs_probe]',
			'summary'      => "<script>alert(2)</script>Read [caption]Gotcha[/caption]\n<img src=x onerror=alert(3)> &lt;svg onload=alert(4)&gt; &amp;lt;iframe&amp;gt; a < b",
			'personalized' => null,
		);
		$plan    = $this->planner()->plan( Articles::article( 'a1', $hostile ) );
		$this->assertSame( 'Robots rule &#91;cfs_probe&#93;', $plan->title );
		$this->assertSame( "Read &#91;caption&#93;Gotcha&#91;/caption&#93;\n   a &lt; b", $plan->excerpt );
		$this->assertSame( $plan->excerpt, $plan->meta_description );
		$this->assertSame( "<p>Read &#91;caption&#93;Gotcha&#91;/caption&#93;<br>\n   a &lt; b</p>\n<p><a href=\"https://news.example/a1\">Read on</a></p>\n", $plan->content );

		$personal = array(
			'title'           => '<svg onload=alert(1)>Personal [embed]http://169.254.169.254/[/embed]',
			'summary'         => '<b>Bold</b> [gallery]',
			'metaDescription' => '"><script>alert(1)</script>Meta [x]',
			'imageUrl'        => null,
			'generatedAt'     => '2026-02-01T08:00:05.000Z',
		);
		$plan     = $this->planner()->plan( Articles::article( 'a1', array( 'personalized' => $personal ) ) );
		$this->assertSame( 'Personal &#91;embed&#93;http://169.254.169.254/&#91;/embed&#93;', $plan->title );
		$this->assertSame( 'Bold &#91;gallery&#93;', $plan->excerpt );
		$this->assertSame( '"&gt;Meta &#91;x&#93;', $plan->meta_description );
		foreach ( array( $plan->title, $plan->excerpt, $plan->content, $plan->meta_description ) as $written ) {
			$this->assertDoesNotMatchRegularExpression( '/<(?!\/?(p|br|a)\b)|\[|\]/', $written );
		}
	}

	public function test_images_only_from_the_service_media_or_the_article_host(): void {
		$image = fn ( string $url, string $article = 'https://news.example/a1' ) => $this->planner()->plan( Articles::article( 'a1', array( 'imageUrl' => $url, 'url' => $article ) ) );
		$refused = $image( 'http://169.254.169.254/latest/meta-data/' );
		$this->assertNull( $refused->image_url );
		$this->assertNull( $refused->image_key, 'a refused image is no image: the next sync does not retry it' );
		$this->assertSame( 'https://feed.example/media/generated/covers/x.png', $image( 'https://feed.example/media/generated/covers/x.png' )->image_url );
		$this->assertSame( 'covers/x.png', $image( 'https://feed.example/media/generated/covers/x.png' )->image_key );
		$this->assertSame( 'https://news.example/img/a1.jpg', $image( 'https://news.example/img/a1.jpg' )->image_url );
		$this->assertSame( 'https://news.example/img/a1.jpg', $image( 'https://news.example/img/a1.jpg' )->image_key );
	}

	public function test_a_publisher_image_is_kept_on_the_article_host_and_skipped_on_another(): void {
		// An article read from a publisher's feed: no imageKey, its imageUrl the publisher's own absolute URL.
		$publisher = fn ( string $image ) => $this->planner()->plan( Articles::article( 'a1', array( 'imageKey' => null, 'imageUrl' => $image, 'url' => 'https://news.example/2026/a1' ) ) );
		$same_host = $publisher( 'https://news.example/wp-content/uploads/a1.jpg' );
		$this->assertSame( 'https://news.example/wp-content/uploads/a1.jpg', $same_host->image_url );
		$this->assertSame( 'https://news.example/wp-content/uploads/a1.jpg', $same_host->image_key );
		foreach ( array( 'https://cdn.news-images.example/a1.jpg', 'https://images.news.example/a1.jpg', 'http://127.0.0.1:8080/a1.jpg' ) as $elsewhere ) {
			$skipped = $publisher( $elsewhere );
			$this->assertNull( $skipped->image_url, $elsewhere );
			$this->assertNull( $skipped->image_key, $elsewhere );
		}
	}

	public function test_a_fingerprint_changes_with_what_is_written_and_only_that(): void {
		$a = $this->planner()->plan( Articles::article( 'a1' ) );
		$this->assertSame( $a->fingerprint(), $this->planner()->plan( Articles::article( 'a1' ) )->fingerprint() );
		$this->assertNotSame( $a->fingerprint(), $this->planner()->plan( Articles::article( 'a1', array( 'title' => 'New' ) ) )->fingerprint() );
		$this->assertNotSame( $a->fingerprint(), $this->planner()->plan( Articles::article( 'a1', array( 'categories' => array( 'science' ) ) ) )->fingerprint() );
		$this->assertNotSame( $a->fingerprint(), $a->fingerprint( false ) );
	}

	public function test_an_article_without_an_id_is_refused(): void {
		$this->expectException( \UnexpectedValueException::class );
		$this->planner()->plan( Articles::article( '', array() ) );
	}
}
