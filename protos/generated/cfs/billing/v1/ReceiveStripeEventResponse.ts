// Original file: protos/cfs/billing/v1/billing.proto


export interface ReceiveStripeEventResponse {
  'eventId'?: (string);
  'eventType'?: (string);
  'processed'?: (boolean);
}

export interface ReceiveStripeEventResponse__Output {
  'eventId': (string);
  'eventType': (string);
  'processed': (boolean);
}
