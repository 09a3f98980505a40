// Original file: protos/cfs/feed/v1/feed.proto


/**
 * Why the last fetch of a Source failed.
 */
export interface SourceError {
  /**
   * One of http_status, timeout, too_large, not_a_feed, parse_error, blocked_address, tls, dns,
   * connection, redirects.
   */
  'code'?: (string);
  /**
   * A safe message: the status code, the limit or the class of the problem.
   */
  'message'?: (string);
}

/**
 * Why the last fetch of a Source failed.
 */
export interface SourceError__Output {
  /**
   * One of http_status, timeout, too_large, not_a_feed, parse_error, blocked_address, tls, dns,
   * connection, redirects.
   */
  'code': (string);
  /**
   * A safe message: the status code, the limit or the class of the problem.
   */
  'message': (string);
}
