<?php
/**
 * Feed items and changes as the service sends them (gateway/src/schemas/feed-schemas.ts).
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

final class Articles {

	public static function article( string $id, array $over = array() ): array {
		return array_replace(
			array(
				'id'          => $id,
				'title'       => "Title of $id",
				'url'         => "https://news.example/$id",
				'summary'     => "Summary of $id.",
				'publishedAt' => '2026-02-01T08:00:00.000Z',
				'categories'  => array( 'technology' ),
				'imageKey'    => "covers/$id.png",
				'imageUrl'    => "/media/generated/covers/$id.png",
			),
			$over
		);
	}

	public static function personalized( string $id ): array {
		return array(
			'title'           => "Personal title of $id",
			'summary'         => "Personal summary of $id.",
			'metaDescription' => "Personal meta of $id.",
			'imageUrl'        => "/media/generated/ai/$id-hero.png",
			'generatedAt'     => '2026-02-01T08:00:05.000Z',
		);
	}

	public static function upsert( array $article ): array {
		return array( 'type' => 'upsert', 'article' => $article );
	}

	public static function delete( string $id, string $reason = 'removed' ): array {
		return array( 'type' => 'delete', 'id' => $id, 'reason' => $reason );
	}
}
