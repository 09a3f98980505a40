// Original file: protos/cfs/billing/v1/billing.proto


export interface ReceiveStripeEventRequest {
  'payload'?: (Buffer | Uint8Array | string);
  'signature'?: (string);
}

export interface ReceiveStripeEventRequest__Output {
  'payload': (Buffer);
  'signature': (string);
}
