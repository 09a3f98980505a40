// Original file: protos/cfs/webhooks/v1/webhooks.proto

import type { Delivery as _cfs_webhooks_v1_Delivery, Delivery__Output as _cfs_webhooks_v1_Delivery__Output } from '../../../cfs/webhooks/v1/Delivery.js';

/**
 * Deliveries, newest first.
 */
export interface ListDeliveriesResponse {
  /**
   * At most `limit`.
   */
  'deliveries'?: (_cfs_webhooks_v1_Delivery)[];
  /**
   * Where the next page starts; empty on the last page.
   */
  'nextCursor'?: (string);
}

/**
 * Deliveries, newest first.
 */
export interface ListDeliveriesResponse__Output {
  /**
   * At most `limit`.
   */
  'deliveries': (_cfs_webhooks_v1_Delivery__Output)[];
  /**
   * Where the next page starts; empty on the last page.
   */
  'nextCursor': (string);
}
