// Original file: protos/cfs/webhooks/v1/webhooks.proto

import type { Endpoint as _cfs_webhooks_v1_Endpoint, Endpoint__Output as _cfs_webhooks_v1_Endpoint__Output } from '../../../cfs/webhooks/v1/Endpoint.js';

/**
 * The Site's endpoints.
 */
export interface ListEndpointsResponse {
  /**
   * Oldest first.
   */
  'endpoints'?: (_cfs_webhooks_v1_Endpoint)[];
}

/**
 * The Site's endpoints.
 */
export interface ListEndpointsResponse__Output {
  /**
   * Oldest first.
   */
  'endpoints': (_cfs_webhooks_v1_Endpoint__Output)[];
}
