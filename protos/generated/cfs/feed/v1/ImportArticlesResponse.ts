// Original file: protos/cfs/feed/v1/feed.proto

import type { Rejection as _cfs_feed_v1_Rejection, Rejection__Output as _cfs_feed_v1_Rejection__Output } from '../../../cfs/feed/v1/Rejection.js';

export interface ImportArticlesResponse {
  'imported'?: (number);
  'rejected'?: (_cfs_feed_v1_Rejection)[];
}

export interface ImportArticlesResponse__Output {
  'imported': (number);
  'rejected': (_cfs_feed_v1_Rejection__Output)[];
}
