// Original file: protos/cfs/feed/v1/feed.proto

import type { Topic as _cfs_feed_v1_Topic, Topic__Output as _cfs_feed_v1_Topic__Output } from '../../../cfs/feed/v1/Topic.js';

export interface Category {
  'key'?: (string);
  'name'?: (string);
  'topics'?: (_cfs_feed_v1_Topic)[];
}

export interface Category__Output {
  'key': (string);
  'name': (string);
  'topics': (_cfs_feed_v1_Topic__Output)[];
}
