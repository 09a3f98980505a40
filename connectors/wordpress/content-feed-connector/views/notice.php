<?php
/**
 * One admin notice (views/settings-page.php prints the kept one and a failed subscriptions read).
 *
 * @package Content_Feed_Connector
 *
 * @var array{class: string, message: string} $args The notice's CSS classes and its message.
 */

defined( 'ABSPATH' ) || exit;
?>
<div class="<?php echo esc_attr( $args['class'] ); ?>"><p><?php echo esc_html( $args['message'] ); ?></p></div>
