<?php
/**
 * Settings → Content Feed: printed by Settings_Page::render() (includes/wordpress/class-settings-page.php),
 * which prepares $args; every value is escaped here, where it is printed.
 *
 * @package Content_Feed_Connector
 *
 * @var array{view: \Content_Feed_Connector\Settings_View_Model, notice: array{class: string, message: string}|null, subscriptions: array<int, array{key: string, name: string, topics: string, checked: bool}>|null, subscriptions_notice: array{class: string, message: string}|null, post_url: string, date_time_format: string, time_format: string} $args
 */

use Content_Feed_Connector\Settings_Page;

defined( 'ABSPATH' ) || exit;

$view = $args['view'];
?>
<div class="wrap">
	<h1><?php esc_html_e( 'Content Feed', 'content-feed-connector' ); ?></h1>
	<?php
	if ( null !== $args['notice'] ) {
		Settings_Page::view( 'notice', $args['notice'] );
	}
	?>
	<?php if ( ! $view->is_connected() ) : ?>
		<h2><?php esc_html_e( 'Connect', 'content-feed-connector' ); ?></h2>
		<p><?php esc_html_e( 'Create a connection code for your Site in the Content Feed dashboard and paste it here. The code works once; the plugin keeps the secret it is exchanged for and never shows it.', 'content-feed-connector' ); ?></p>
		<form method="post" action="<?php echo esc_url( $args['post_url'] ); ?>">
			<?php Settings_Page::form_fields( 'connect' ); ?>
			<table class="form-table" role="presentation">
				<tr>
					<th scope="row"><label for="content-feed-service-url"><?php esc_html_e( 'Service URL', 'content-feed-connector' ); ?></label></th>
					<td><input type="url" class="regular-text code" id="content-feed-service-url" name="service_url" required placeholder="https://" value="<?php echo esc_attr( $view->service_url() ); ?>"></td>
				</tr>
				<tr>
					<th scope="row"><label for="content-feed-connection-code"><?php esc_html_e( 'Connection code', 'content-feed-connector' ); ?></label></th>
					<td><input type="text" class="regular-text code" id="content-feed-connection-code" name="connection_code" required autocomplete="off" spellcheck="false" value=""></td>
				</tr>
			</table>
			<?php submit_button( __( 'Connect', 'content-feed-connector' ), 'primary', 'submit', false ); ?>
		</form>
	<?php else : ?>
		<p><strong><?php esc_html_e( 'Connected', 'content-feed-connector' ); ?></strong> &mdash;
			<?php
			/* translators: %s: the Site id. */
			printf( esc_html__( 'Site id: %s', 'content-feed-connector' ), '<code>' . esc_html( $view->site_id() ) . '</code>' );
			?>
			<br>
			<?php
			/* translators: %s: the Service URL. */
			printf( esc_html__( 'Service URL: %s', 'content-feed-connector' ), '<code>' . esc_html( $view->service_url() ) . '</code>' );
			?>
		</p>

		<h2><?php esc_html_e( 'Sync', 'content-feed-connector' ); ?></h2>
		<?php $last_sync = $view->last_sync(); ?>
		<?php if ( null === $last_sync ) : ?>
			<p><?php esc_html_e( 'Last sync: not yet.', 'content-feed-connector' ); ?></p>
		<?php else : ?>
			<p>
				<?php
				/* translators: 1: date and time, 2: "succeeded" or "failed", 3: the sync's message. */
				echo esc_html( sprintf( __( 'Last sync: %1$s, %2$s. %3$s', 'content-feed-connector' ), wp_date( $args['date_time_format'], $last_sync['at'] ), $last_sync['ok'] ? __( 'succeeded', 'content-feed-connector' ) : __( 'failed', 'content-feed-connector' ), $last_sync['message'] ) );
				?>
			</p>
		<?php endif; ?>
		<?php if ( null !== $view->retry_at() ) : ?>
			<p>
				<?php
				/* translators: %s: date and time. */
				echo esc_html( sprintf( __( 'The service asked to wait: the next sync runs after %s.', 'content-feed-connector' ), wp_date( $args['time_format'], $view->retry_at() ) ) );
				?>
			</p>
		<?php endif; ?>
		<form method="post" action="<?php echo esc_url( $args['post_url'] ); ?>">
			<?php Settings_Page::form_fields( 'sync' ); ?>
			<?php submit_button( __( 'Sync now', 'content-feed-connector' ), 'secondary', 'submit', false ); ?>
		</form>

		<h2><?php esc_html_e( 'Instant updates', 'content-feed-connector' ); ?></h2>
		<?php $instant = $view->instant_updates(); ?>
		<?php if ( $instant['on'] ) : ?>
			<p><strong><?php esc_html_e( 'Instant updates: on', 'content-feed-connector' ); ?></strong> &mdash;
				<?php
				if ( null === $instant['last_event_at'] ) {
					esc_html_e( 'no event received yet.', 'content-feed-connector' );
				} else {
					/* translators: %s: date and time. */
					echo esc_html( sprintf( __( 'last event: %s.', 'content-feed-connector' ), wp_date( $args['date_time_format'], $instant['last_event_at'] ) ) );
				}
				?>
				<?php esc_html_e( 'The service tells this site when the feed changes, and the sync runs at once; the 5-minute sync stays as the fallback.', 'content-feed-connector' ); ?>
			</p>
		<?php else : ?>
			<p><strong><?php esc_html_e( 'Instant updates: off', 'content-feed-connector' ); ?></strong> &mdash;
				<?php echo esc_html( $instant['why'] ); ?>
				<?php esc_html_e( 'The sync runs every 5 minutes.', 'content-feed-connector' ); ?>
			</p>
		<?php endif; ?>

		<h2><?php esc_html_e( 'Subscriptions', 'content-feed-connector' ); ?></h2>
		<?php if ( null !== $args['subscriptions_notice'] ) : ?>
			<?php Settings_Page::view( 'notice', $args['subscriptions_notice'] ); ?>
		<?php else : ?>
			<p><?php esc_html_e( 'The feed holds the articles of the categories checked here; saving replaces the Site\'s subscriptions.', 'content-feed-connector' ); ?></p>
			<form method="post" action="<?php echo esc_url( $args['post_url'] ); ?>">
				<?php Settings_Page::form_fields( 'subscriptions' ); ?>
				<fieldset>
					<legend class="screen-reader-text"><?php esc_html_e( 'Subscriptions', 'content-feed-connector' ); ?></legend>
					<?php foreach ( $args['subscriptions'] as $row ) : ?>
						<input type="hidden" name="offered[]" value="<?php echo esc_attr( $row['key'] ); ?>">
						<label><input type="checkbox" name="categories[]" value="<?php echo esc_attr( $row['key'] ); ?>"<?php checked( $row['checked'] ); ?>> <?php echo esc_html( $row['name'] ); ?></label><?php if ( '' !== $row['topics'] ) : ?> <span class="description">(<?php echo esc_html( $row['topics'] ); ?>)</span><?php endif; ?><br>
					<?php endforeach; ?>
				</fieldset>
				<?php submit_button( __( 'Save subscriptions', 'content-feed-connector' ), 'secondary', 'submit', false ); ?>
			</form>
		<?php endif; ?>

		<h2><?php esc_html_e( 'Disconnect', 'content-feed-connector' ); ?></h2>
		<p><?php esc_html_e( 'Revokes the connection\'s Credential at the service, forgets the secret and stops the sync; the posts stay. Connecting again needs a new connection code.', 'content-feed-connector' ); ?></p>
		<form method="post" action="<?php echo esc_url( $args['post_url'] ); ?>">
			<?php Settings_Page::form_fields( 'disconnect' ); ?>
			<?php submit_button( __( 'Disconnect', 'content-feed-connector' ), 'delete', 'submit', false ); ?>
		</form>
	<?php endif; ?>

	<h2><?php esc_html_e( 'Posts', 'content-feed-connector' ); ?></h2>
	<form method="post" action="<?php echo esc_url( $args['post_url'] ); ?>">
		<?php Settings_Page::form_fields( 'drafts' ); ?>
		<label><input type="checkbox" name="drafts" value="1"<?php checked( $view->drafts() ); ?>> <?php esc_html_e( 'Drafts: save new posts as drafts instead of publishing them', 'content-feed-connector' ); ?></label><br>
		<?php submit_button( __( 'Save', 'content-feed-connector' ), 'secondary', 'submit', false ); ?>
	</form>
</div>
