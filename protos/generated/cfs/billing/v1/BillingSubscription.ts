// Original file: protos/cfs/billing/v1/billing.proto


export interface BillingSubscription {
  'id'?: (string);
  'siteId'?: (string);
  'plan'?: (string);
  'status'?: (string);
  'createdAt'?: (string);
  'currentPeriodEnd'?: (string);
  'canceledAt'?: (string);
  'activatedAt'?: (string);
  'provider'?: (string);
  'cancelAtPeriodEnd'?: (boolean);
  'pastDueSince'?: (string);
  '_currentPeriodEnd'?: "currentPeriodEnd";
  '_canceledAt'?: "canceledAt";
  '_activatedAt'?: "activatedAt";
  '_pastDueSince'?: "pastDueSince";
}

export interface BillingSubscription__Output {
  'id': (string);
  'siteId': (string);
  'plan': (string);
  'status': (string);
  'createdAt': (string);
  'currentPeriodEnd'?: (string);
  'canceledAt'?: (string);
  'activatedAt'?: (string);
  'provider': (string);
  'cancelAtPeriodEnd': (boolean);
  'pastDueSince'?: (string);
  '_currentPeriodEnd'?: "currentPeriodEnd";
  '_canceledAt'?: "canceledAt";
  '_activatedAt'?: "activatedAt";
  '_pastDueSince'?: "pastDueSince";
}
