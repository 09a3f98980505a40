<?php
/**
 * No answer from the service.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector;

defined( 'ABSPATH' ) || exit;

/**
 * Thrown by an Http_Transport when the service could not be reached; the message is the
 * transport's own and is never shown (Api_Client turns it into Api_Exception::UNREACHABLE).
 */
final class Transport_Exception extends \RuntimeException {
}
