// Original file: protos/cfs/webhooks/v1/webhooks.proto

import type { Endpoint as _cfs_webhooks_v1_Endpoint, Endpoint__Output as _cfs_webhooks_v1_Endpoint__Output } from '../../../cfs/webhooks/v1/Endpoint.js';

/**
 * The endpoint as changed.
 */
export interface UpdateEndpointResponse {
  /**
   * Always set.
   */
  'endpoint'?: (_cfs_webhooks_v1_Endpoint | null);
}

/**
 * The endpoint as changed.
 */
export interface UpdateEndpointResponse__Output {
  /**
   * Always set.
   */
  'endpoint': (_cfs_webhooks_v1_Endpoint__Output | null);
}
