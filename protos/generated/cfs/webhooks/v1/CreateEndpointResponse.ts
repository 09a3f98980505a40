// Original file: protos/cfs/webhooks/v1/webhooks.proto

import type { Endpoint as _cfs_webhooks_v1_Endpoint, Endpoint__Output as _cfs_webhooks_v1_Endpoint__Output } from '../../../cfs/webhooks/v1/Endpoint.js';

/**
 * The endpoint created, and its secret.
 */
export interface CreateEndpointResponse {
  /**
   * The new endpoint; always set.
   */
  'endpoint'?: (_cfs_webhooks_v1_Endpoint | null);
  /**
   * `whsec_` and the base64 of the key's bytes: shown once.
   */
  'secret'?: (string);
}

/**
 * The endpoint created, and its secret.
 */
export interface CreateEndpointResponse__Output {
  /**
   * The new endpoint; always set.
   */
  'endpoint': (_cfs_webhooks_v1_Endpoint__Output | null);
  /**
   * `whsec_` and the base64 of the key's bytes: shown once.
   */
  'secret': (string);
}
