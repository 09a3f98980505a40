// Original file: protos/cfs/feed/v1/feed.proto


export interface ReplaceSubscriptionsResponse {
  'categories'?: (string)[];
}

export interface ReplaceSubscriptionsResponse__Output {
  'categories': (string)[];
}
