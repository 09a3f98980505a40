// Original file: protos/cfs/billing/v1/billing.proto


export interface CancelSubscriptionRequest {
  'siteId'?: (string);
  'atPeriodEnd'?: (boolean);
}

export interface CancelSubscriptionRequest__Output {
  'siteId': (string);
  'atPeriodEnd': (boolean);
}
