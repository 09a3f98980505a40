// Original file: protos/cfs/feed/v1/feed.proto


export interface FeedCursor {
  'publishedAt'?: (string);
  'articleId'?: (string);
}

export interface FeedCursor__Output {
  'publishedAt': (string);
  'articleId': (string);
}
