// Original file: protos/cfs/media/v1/media.proto

import type { Long } from '@grpc/proto-loader';

export interface PutObjectResponse {
  'key'?: (string);
  'size'?: (number | string | Long);
  'etag'?: (string);
}

export interface PutObjectResponse__Output {
  'key': (string);
  'size': (string);
  'etag': (string);
}
