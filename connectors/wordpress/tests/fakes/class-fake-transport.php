<?php
/**
 * Http_Transport that answers from a queue and records what was sent.
 *
 * @package Content_Feed_Connector
 */

namespace Content_Feed_Connector\Tests;

use Content_Feed_Connector\Http_Response;
use Content_Feed_Connector\Http_Transport;
use Content_Feed_Connector\Transport_Exception;

final class Fake_Transport implements Http_Transport {

	/** @var array<int, Http_Response|Transport_Exception|callable> Answers in order. */
	public array $answers = array();
	/** @var array<int, array{method: string, url: string, headers: array<string, string>, body: ?string}> */
	public array $requests = array();

	public function send( string $method, string $url, array $headers, ?string $body ): Http_Response {
		$this->requests[] = compact( 'method', 'url', 'headers', 'body' );
		$answer           = array_shift( $this->answers );
		if ( null === $answer ) {
			throw new \LogicException( "No answer queued for $method $url" );
		}
		if ( $answer instanceof Transport_Exception ) {
			throw $answer;
		}
		return is_callable( $answer ) ? $answer( $method, $url, $headers, $body ) : $answer;
	}

	/** Queues a JSON answer. */
	public function json( int $status, mixed $body, array $headers = array() ): self {
		$this->answers[] = new Http_Response( $status, $headers + array( 'Content-Type' => 'application/json' ), (string) json_encode( $body ) );
		return $this;
	}

	/** The query parameters of the nth request. */
	public function query( int $n ): array {
		parse_str( (string) parse_url( $this->requests[ $n ]['url'], PHP_URL_QUERY ), $query );
		return $query;
	}
}
