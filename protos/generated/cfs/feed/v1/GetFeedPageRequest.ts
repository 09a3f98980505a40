// Original file: protos/cfs/feed/v1/feed.proto


export interface GetFeedPageRequest {
  'siteId'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
  '_cursor'?: "cursor";
}

export interface GetFeedPageRequest__Output {
  'siteId': (string);
  'limit': (number);
  'cursor'?: (string);
  '_cursor'?: "cursor";
}
