// Original file: protos/cfs/billing/v1/billing.proto


export interface GetSubscriptionRequest {
  'siteId'?: (string);
}

export interface GetSubscriptionRequest__Output {
  'siteId': (string);
}
