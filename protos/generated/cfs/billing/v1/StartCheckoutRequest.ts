// Original file: protos/cfs/billing/v1/billing.proto


export interface StartCheckoutRequest {
  'siteId'?: (string);
  'customerId'?: (string);
  'plan'?: (string);
}

export interface StartCheckoutRequest__Output {
  'siteId': (string);
  'customerId': (string);
  'plan': (string);
}
