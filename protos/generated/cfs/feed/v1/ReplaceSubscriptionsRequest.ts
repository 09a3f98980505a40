// Original file: protos/cfs/feed/v1/feed.proto


export interface ReplaceSubscriptionsRequest {
  'siteId'?: (string);
  'categories'?: (string)[];
}

export interface ReplaceSubscriptionsRequest__Output {
  'siteId': (string);
  'categories': (string)[];
}
