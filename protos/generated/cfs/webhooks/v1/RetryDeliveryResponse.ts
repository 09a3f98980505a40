// Original file: protos/cfs/webhooks/v1/webhooks.proto

import type { Delivery as _cfs_webhooks_v1_Delivery, Delivery__Output as _cfs_webhooks_v1_Delivery__Output } from '../../../cfs/webhooks/v1/Delivery.js';

/**
 * The delivery, due now.
 */
export interface RetryDeliveryResponse {
  /**
   * Pending; always set.
   */
  'delivery'?: (_cfs_webhooks_v1_Delivery | null);
}

/**
 * The delivery, due now.
 */
export interface RetryDeliveryResponse__Output {
  /**
   * Pending; always set.
   */
  'delivery': (_cfs_webhooks_v1_Delivery__Output | null);
}
