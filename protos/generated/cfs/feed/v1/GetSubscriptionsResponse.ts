// Original file: protos/cfs/feed/v1/feed.proto


export interface GetSubscriptionsResponse {
  'categories'?: (string)[];
}

export interface GetSubscriptionsResponse__Output {
  'categories': (string)[];
}
