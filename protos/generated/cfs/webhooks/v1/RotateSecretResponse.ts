// Original file: protos/cfs/webhooks/v1/webhooks.proto

import type { Endpoint as _cfs_webhooks_v1_Endpoint, Endpoint__Output as _cfs_webhooks_v1_Endpoint__Output } from '../../../cfs/webhooks/v1/Endpoint.js';

/**
 * The new secret.
 */
export interface RotateSecretResponse {
  /**
   * The endpoint; always set.
   */
  'endpoint'?: (_cfs_webhooks_v1_Endpoint | null);
  /**
   * `whsec_…`: shown once.
   */
  'secret'?: (string);
  /**
   * Until when the previous secret also signs (RFC 3339 UTC).
   */
  'previousSecretExpiresAt'?: (string);
}

/**
 * The new secret.
 */
export interface RotateSecretResponse__Output {
  /**
   * The endpoint; always set.
   */
  'endpoint': (_cfs_webhooks_v1_Endpoint__Output | null);
  /**
   * `whsec_…`: shown once.
   */
  'secret': (string);
  /**
   * Until when the previous secret also signs (RFC 3339 UTC).
   */
  'previousSecretExpiresAt': (string);
}
