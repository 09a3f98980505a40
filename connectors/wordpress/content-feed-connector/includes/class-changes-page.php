<?php
/**
 * One answer of GET /api/v1/feed/changes.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * The changes, oldest first, and where to continue (docs/api.md, the changes feed).
 */
final class Changes_Page {

	/**
	 * A page.
	 *
	 * @param array<int, array<string, mixed>> $changes    Each {type:'upsert',article} or {type:'delete',id,reason}.
	 * @param string                           $next_since Pass as since next time.
	 * @param bool                             $has_more   Ask again now with next_since.
	 * @param string|null                      $etag       The answer's ETag, for If-None-Match next time.
	 */
	public function __construct( public readonly array $changes, public readonly string $next_since, public readonly bool $has_more, public readonly ?string $etag ) {
	}
}
