// Original file: protos/cfs/billing/v1/billing.proto


export interface CancelSubscriptionRequest {
  'siteId'?: (string);
}

export interface CancelSubscriptionRequest__Output {
  'siteId': (string);
}
