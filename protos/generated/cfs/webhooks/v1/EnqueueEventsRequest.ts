// Original file: protos/cfs/webhooks/v1/webhooks.proto

import type { Event as _cfs_webhooks_v1_Event, Event__Output as _cfs_webhooks_v1_Event__Output } from '../../../cfs/webhooks/v1/Event.js';

/**
 * Events to deliver.
 */
export interface EnqueueEventsRequest {
  /**
   * 1 to 500 events.
   */
  'events'?: (_cfs_webhooks_v1_Event)[];
}

/**
 * Events to deliver.
 */
export interface EnqueueEventsRequest__Output {
  /**
   * 1 to 500 events.
   */
  'events': (_cfs_webhooks_v1_Event__Output)[];
}
