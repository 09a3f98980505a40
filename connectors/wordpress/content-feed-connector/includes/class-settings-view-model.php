<?php
/**
 * What the settings page shows for a given state (plain PHP, tested without WordPress).
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Built from the kept options (includes/wordpress/class-settings-page.php reads them); the page
 * only escapes and prints what this gives. It never holds the secret: only whether one is kept.
 */
final class Settings_View_Model {

	/**
	 * A view of the kept state.
	 *
	 * @param array<string, mixed> $settings   The settings option (Options::SERVICE_URL, Options::DRAFTS).
	 * @param array<string, mixed> $connection The connection option (site_id, credential_id).
	 * @param bool                 $has_secret Whether a secret is kept.
	 * @param array<string, mixed> $state      The sync's state (State_Store keys).
	 * @param int                  $now        Unix seconds.
	 * @param array<string, mixed> $instant    Instant_Updates::status() (off, for no reason given, when absent).
	 */
	public function __construct( private array $settings, private array $connection, private bool $has_secret, private array $state, private int $now, private array $instant = array() ) {
	}

	/**
	 * Instant updates: on with the last event's time (null before the first event), or off and why.
	 *
	 * @return array{on: bool, last_event_at: int|null, why: string}
	 */
	public function instant_updates(): array {
		$at = $this->instant['last_event_at'] ?? null;
		return array(
			'on'            => true === ( $this->instant['on'] ?? false ),
			'last_event_at' => is_int( $at ) ? $at : null,
			'why'           => is_string( $this->instant['why'] ?? null ) ? $this->instant['why'] : '',
		);
	}

	/**
	 * Connected: a secret and a Site id are kept (else the page shows the Connect form).
	 */
	public function is_connected(): bool {
		return $this->has_secret && '' !== $this->site_id();
	}

	/**
	 * The connected Site's id, or ''.
	 */
	public function site_id(): string {
		return is_string( $this->connection['site_id'] ?? null ) ? $this->connection['site_id'] : '';
	}

	/**
	 * The Service URL to show and to prefill the form with, or ''.
	 */
	public function service_url(): string {
		return is_string( $this->settings[ Options::SERVICE_URL ] ?? null ) ? $this->settings[ Options::SERVICE_URL ] : '';
	}

	/**
	 * Whether new posts are drafts.
	 */
	public function drafts(): bool {
		return ! empty( $this->settings[ Options::DRAFTS ] );
	}

	/**
	 * The last sync's outcome, or null before the first one.
	 *
	 * @return array{at: int, ok: bool, message: string}|null
	 */
	public function last_sync(): ?array {
		$last = $this->state['last_sync'] ?? null;
		if ( ! is_array( $last ) || ! is_int( $last['at'] ?? null ) || ! is_string( $last['message'] ?? null ) ) {
			return null;
		}
		return array(
			'at'      => $last['at'],
			'ok'      => (bool) ( $last['ok'] ?? false ),
			'message' => $last['message'],
		);
	}

	/**
	 * When the service asked the sync to wait until (429 or 503), while that is still ahead; else null.
	 */
	public function retry_at(): ?int {
		$at = $this->state['retry_at'] ?? null;
		return is_int( $at ) && $at > $this->now ? $at : null;
	}

	/**
	 * The taxonomy as checkbox rows, the subscribed ones checked; a subscribed key the taxonomy no
	 * longer has is left out (saving then drops it, as the service would refuse it).
	 *
	 * @param array<int, array{key: string, name: string, topics: array<int, string>}> $taxonomy   Api_Client::taxonomy().
	 * @param array<int, string>                                                       $subscribed Api_Client::subscriptions().
	 * @return array<int, array{key: string, name: string, topics: string, checked: bool}>
	 */
	public static function subscription_rows( array $taxonomy, array $subscribed ): array {
		$rows = array();
		foreach ( $taxonomy as $category ) {
			$rows[] = array(
				'key'     => $category['key'],
				'name'    => $category['name'],
				'topics'  => implode( ', ', $category['topics'] ),
				'checked' => in_array( $category['key'], $subscribed, true ),
			);
		}
		return $rows;
	}

	/**
	 * The category keys to PUT from the posted checkboxes: strings only, each a key the page
	 * offered (the posted form lists them), no duplicates; anything else is dropped.
	 *
	 * @param mixed $checked The posted checked keys (may be absent or not an array).
	 * @param mixed $offered The posted keys the page showed.
	 * @return array<int, string>
	 */
	public static function posted_subscriptions( mixed $checked, mixed $offered ): array {
		$offered = is_array( $offered ) ? array_filter( $offered, 'is_string' ) : array();
		$checked = is_array( $checked ) ? array_filter( $checked, 'is_string' ) : array();
		return array_values( array_unique( array_intersect( $checked, $offered ) ) );
	}
}
