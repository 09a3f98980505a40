// Original file: protos/cfs/webhooks/v1/webhooks.proto

import type { Endpoint as _cfs_webhooks_v1_Endpoint, Endpoint__Output as _cfs_webhooks_v1_Endpoint__Output } from '../../../cfs/webhooks/v1/Endpoint.js';

/**
 * The endpoint deleted.
 */
export interface DeleteEndpointResponse {
  /**
   * As it was; always set.
   */
  'endpoint'?: (_cfs_webhooks_v1_Endpoint | null);
}

/**
 * The endpoint deleted.
 */
export interface DeleteEndpointResponse__Output {
  /**
   * As it was; always set.
   */
  'endpoint': (_cfs_webhooks_v1_Endpoint__Output | null);
}
