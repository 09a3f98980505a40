import { z } from 'zod';
import { DEPLOYABLES } from '@cfs/common/deployables';
import { envFields } from '@cfs/common/env';
import { serviceTokenEnvField } from '@cfs/common/service-auth';

export const feedEnvSchema = z.object({
  ...envFields.listen('feed'),
  /** Where the webhooks service is: the outbox relay hands it feed.changed events (src/webhook-events.ts). */
  ...envFields.addresses(DEPLOYABLES.feed.calls),
  /** Feed's own service token, presented to the webhooks service (service-auth.ts). */
  SERVICE_TOKEN: serviceTokenEnvField,
  GRPC_DEADLINE_MS: envFields.positiveInt(5000),
  /**
   * Key of the HMAC of the changes feed's tokens, the gateway's own: the positions in feed.changed
   * events are tokens GET /api/v1/feed/changes reads (@cfs/common/tokens).
   */
  CURSOR_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Rounds of the webhook outbox relay start at least this far apart: at most one feed.changed a Site each (ms). */
  WEBHOOK_COALESCE_MS: z.coerce.number().int().min(0).default(2000),
  /** Redis used to tell the gateways about imports and subscription changes (they cache feed pages). */
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().default('cfs:'),
  /** Load the demo article set when there are no articles yet (local runs). */
  FEED_LOAD_DEMO_ARTICLES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * What this process runs: `api` (the gRPC services), `ingest` (the Sources' scheduled fetches) or
   * `all` (both: one process, as `npm start` runs it). The chart runs `api` and `ingest` apart.
   */
  FEED_ROLE: z.enum(['api', 'ingest', 'all']).default('all'),
  /** The shortest poll interval a Source may have, and the default of a new one (seconds). */
  SOURCES_MIN_INTERVAL_SECONDS: envFields.positiveInt(300),
  SOURCES_DEFAULT_INTERVAL_SECONDS: envFields.positiveInt(900),
  /** A feed document's largest size after decompression (bytes); past it a fetch fails as too_large. */
  SOURCES_MAX_BYTES: envFields.positiveInt(10 * 1024 * 1024),
  /** The deadline of one fetch's whole answer, body included (ms). */
  SOURCES_FETCH_TIMEOUT_MS: envFields.positiveInt(30_000),
  /**
   * Allow Sources on loopback and private addresses (an embedded run, tests). Link-local and the
   * unspecified addresses stay refused always (@cfs/common/address-guard).
   */
  SOURCES_ALLOW_PRIVATE_NETWORKS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Fetches at once in one ingest process, and at once to one host. */
  SOURCES_MAX_CONCURRENT_FETCHES: envFields.positiveInt(8),
  SOURCES_MAX_FETCHES_PER_HOST: envFields.positiveInt(2),
  /** How often the ingest role looks for Sources whose fetch is due without a queued job (seconds). */
  SOURCES_SWEEP_SECONDS: envFields.positiveInt(30),
  /**
   * Where the gateway is reachable from the internet: named in the fetches' User-Agent, and, when
   * set, the base of the WebSub callbacks (`{PUBLIC_BASE_URL}/websub/{sourceId}`) Sources subscribe
   * with at the hubs their feeds name; without it Sources are polled only.
   */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** hub.lease_seconds a WebSub subscription asks for (the hub decides; renewed before it ends). */
  WEBSUB_LEASE_SECONDS: envFields.positiveInt(10 * 24 * 3600),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type FeedEnv = z.output<typeof feedEnvSchema>;
