// Original file: protos/cfs/feed/v1/feed.proto


export interface GetSubscriptionsRequest {
  'siteId'?: (string);
}

export interface GetSubscriptionsRequest__Output {
  'siteId': (string);
}
