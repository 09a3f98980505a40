<?php
/**
 * Webhook_Signature against the Standard Webhooks test vectors. The vectors are the official
 * libraries' (github.com/standard-webhooks/standard-webhooks, commit b2fa7b8): the secret, message
 * id, payload, timestamp and expected signature of "sign function works" in
 * libraries/javascript/src/webhook.test.ts and test_sign_function in
 * libraries/python/tests/test_webhooks.py, and the wrong signature of
 * test_invalid_signature_raises_error there (the right one but for its last character).
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Secret;
use Content_Feed_Connector\Webhook_Signature;
use PHPUnit\Framework\TestCase;

final class WebhookSignatureTest extends TestCase {

	private const SECRET    = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
	private const MSG_ID    = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
	private const TIMESTAMP = 1614265330;
	private const PAYLOAD   = '{"test": 2432232314}';
	private const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
	private const WRONG     = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OA=';

	private static function verifier( int $now, string $secret = self::SECRET ): Webhook_Signature {
		return new Webhook_Signature( new Secret( $secret ), static fn (): int => $now );
	}

	public function test_it_signs_as_the_official_libraries_do(): void {
		$this->assertSame( self::SIGNATURE, self::verifier( self::TIMESTAMP )->sign( self::MSG_ID, self::TIMESTAMP, self::PAYLOAD ) );
		// The libraries accept the secret without its prefix too.
		$this->assertSame( self::SIGNATURE, self::verifier( self::TIMESTAMP, substr( self::SECRET, 6 ) )->sign( self::MSG_ID, self::TIMESTAMP, self::PAYLOAD ) );
	}

	public function test_the_vector_verifies_at_its_time_and_within_five_minutes_either_way(): void {
		foreach ( array( 0, 300, -300 ) as $offset ) {
			$this->assertTrue( self::verifier( self::TIMESTAMP + $offset )->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, self::SIGNATURE ), "now = timestamp + $offset" );
		}
	}

	public function test_an_old_or_future_timestamp_is_refused(): void {
		$this->assertFalse( self::verifier( self::TIMESTAMP + 301 )->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, self::SIGNATURE ), 'old' );
		$this->assertFalse( self::verifier( self::TIMESTAMP - 301 )->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, self::SIGNATURE ), 'future' );
	}

	public function test_the_wrong_signature_a_wrong_secret_and_a_tampered_message_are_refused(): void {
		$wh = self::verifier( self::TIMESTAMP );
		$this->assertFalse( $wh->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, self::WRONG ), 'the vectors\' invalid signature' );
		$this->assertFalse( self::verifier( self::TIMESTAMP, 'whsec_' . base64_encode( str_repeat( 'k', 24 ) ) )->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, self::SIGNATURE ), 'another secret' );
		$this->assertFalse( $wh->verify( '{"test": 2432232315}', self::MSG_ID, (string) self::TIMESTAMP, self::SIGNATURE ), 'another body' );
		$this->assertFalse( $wh->verify( self::PAYLOAD . ' ', self::MSG_ID, (string) self::TIMESTAMP, self::SIGNATURE ), 'one byte more' );
		$this->assertFalse( $wh->verify( self::PAYLOAD, 'msg_other', (string) self::TIMESTAMP, self::SIGNATURE ), 'another id' );
		$this->assertFalse( self::verifier( self::TIMESTAMP + 1 )->verify( self::PAYLOAD, self::MSG_ID, (string) ( self::TIMESTAMP + 1 ), self::SIGNATURE ), 'another timestamp' );
		$this->assertFalse( $wh->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, 'v2,' . substr( self::SIGNATURE, 3 ) ), 'another version' );
		$this->assertFalse( $wh->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, substr( self::SIGNATURE, 3 ) ), 'no version' );
		$this->assertFalse( self::verifier( self::TIMESTAMP, 'whsec_%%%not-base64' )->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, self::SIGNATURE ), 'a secret that is not base64' );
	}

	public function test_one_valid_signature_among_several_is_enough(): void {
		$wh = self::verifier( self::TIMESTAMP );
		$this->assertTrue( $wh->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, self::WRONG . ' ' . self::SIGNATURE ) );
		$this->assertTrue( $wh->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, 'v1a,abc ' . self::SIGNATURE . ' ' . self::WRONG ) );
		$this->assertFalse( $wh->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, self::WRONG . ' ' . self::WRONG ) );
	}

	public function test_missing_or_malformed_headers_are_refused(): void {
		$wh = self::verifier( self::TIMESTAMP );
		$this->assertFalse( $wh->verify( self::PAYLOAD, null, (string) self::TIMESTAMP, self::SIGNATURE ), 'no id' );
		$this->assertFalse( $wh->verify( self::PAYLOAD, '', (string) self::TIMESTAMP, self::SIGNATURE ), 'empty id' );
		$this->assertFalse( $wh->verify( self::PAYLOAD, self::MSG_ID, null, self::SIGNATURE ), 'no timestamp' );
		$this->assertFalse( $wh->verify( self::PAYLOAD, self::MSG_ID, 'hello', self::SIGNATURE ), 'a timestamp that is no number (the vectors\' "hello")' );
		$this->assertFalse( $wh->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, null ), 'no signature' );
		$this->assertFalse( $wh->verify( self::PAYLOAD, self::MSG_ID, (string) self::TIMESTAMP, '' ), 'empty signature' );
	}

	public function test_it_agrees_with_the_php_example_of_the_api_reference(): void {
		// docs/api.md#webhooks has a verification function in plain PHP; the connector's class must
		// decide as it does. The example is read from the document and run on the same cases.
		$doc = (string) file_get_contents( dirname( __DIR__, 3 ) . '/docs/api.md' );
		$this->assertSame( 1, preg_match( '/```php\n(function cfs_webhook_verified.*?)```/s', $doc, $match ), 'the PHP example in docs/api.md' );
		if ( ! function_exists( 'cfs_webhook_verified' ) ) {
			eval( $match[1] ); // phpcs:ignore Squiz.PHP.Eval.Discouraged -- the documented example, run as written.
		}
		$now    = time();
		$wh     = self::verifier( $now );
		$signed = $wh->sign( self::MSG_ID, $now, self::PAYLOAD );
		$cases  = array(
			array( self::PAYLOAD, (string) $now, $signed ),
			array( self::PAYLOAD, (string) $now, self::WRONG . ' ' . $signed ),
			array( self::PAYLOAD . 'x', (string) $now, $signed ),
			array( self::PAYLOAD, (string) ( $now - 400 ), self::verifier( $now - 400 )->sign( self::MSG_ID, $now - 400, self::PAYLOAD ) ),
			array( self::PAYLOAD, 'hello', $signed ),
		);
		foreach ( $cases as $i => list( $body, $timestamp, $signatures ) ) {
			$this->assertSame( \cfs_webhook_verified( self::SECRET, $body, self::MSG_ID, $timestamp, $signatures ), $wh->verify( $body, self::MSG_ID, $timestamp, $signatures ), "case $i" );
		}
	}
}
