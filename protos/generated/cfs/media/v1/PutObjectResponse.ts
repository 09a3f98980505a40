// Original file: protos/cfs/media/v1/media.proto

import type { Long } from '@grpc/proto-loader';

/**
 * The object as stored.
 */
export interface PutObjectResponse {
  /**
   * The key it is served under (/media/generated/<key>).
   */
  'key'?: (string);
  /**
   * Its size in bytes.
   */
  'size'?: (number | string | Long);
  /**
   * Its strong HTTP ETag, quoted: the first 32 hex digits of the SHA-256 of its bytes.
   */
  'etag'?: (string);
}

/**
 * The object as stored.
 */
export interface PutObjectResponse__Output {
  /**
   * The key it is served under (/media/generated/<key>).
   */
  'key': (string);
  /**
   * Its size in bytes.
   */
  'size': (string);
  /**
   * Its strong HTTP ETag, quoted: the first 32 hex digits of the SHA-256 of its bytes.
   */
  'etag': (string);
}
