import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEPLOYABLES } from '@cfs/common/deployables';
import { envFields } from '@cfs/common/env';
import { serviceTokenEnvField } from '@cfs/common/service-auth';

export const AI_PROVIDERS = ['openai', 'local', 'none'] as const;
export const MEDIA_ROLES = ['api', 'worker', 'all'] as const;

/**
 * Generation jobs one worker process runs at a time (their renders on its libuv pool): half the
 * CPUs this process may use, at least one, so that request handling beside it keeps the rest.
 */
export const defaultGenerationConcurrency = (): number => Math.max(1, Math.floor(availableParallelism() / 2));

export const mediaEnvSchema = z
  .object({
    /** gRPC, and the HTTP port that serves /media/generated/{key} (the gateway streams it through). */
    ...envFields.listen('media'),
    /** Where the generation planner reads eligible Sites (account), their feeds (feed) and SEO profiles (seo). */
    ...envFields.addresses(DEPLOYABLES.media.calls),
    /** Media's own service token, presented to those services (service-auth.ts). */
    SERVICE_TOKEN: serviceTokenEnvField,
    GRPC_DEADLINE_MS: envFields.positiveInt(5000),
    /** Redis: the announcements that queue generation (imports, subscriptions, plans, profiles) and tell the gateways of new variants. */
    REDIS_URL: z.string().url().optional(),
    REDIS_KEY_PREFIX: z.string().default('cfs:'),
    /** S3/MinIO endpoint, e.g. http://minio:9000. Without it objects are kept in MEDIA_DIR (local runs). */
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY: z.string().optional(),
    S3_SECRET_KEY: z.string().optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{2,62}$/, 'must be an S3 bucket name')
      .default('cfs-media'),
    S3_REGION: z.string().default('us-east-1'),
    MEDIA_DIR: z.string().default('.cfs-data/media'),
    MEDIA_MAX_OBJECT_BYTES: envFields.positiveInt(10 * 1024 * 1024),
    /** Budget units a text generation costs (GET /api/v1/ai-usage calls the budget exhausted below one text and one image). */
    AI_UNITS_TEXT: envFields.positiveInt(1),
    /** Budget units an image generation costs. */
    AI_UNITS_IMAGE: envFields.positiveInt(10),
    MIGRATE_ON_START: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Who generates text variants and images (src/ai/providers): an OpenAI-compatible API, the built-in renderer, or nobody. */
    AI_PROVIDER: z.enum(AI_PROVIDERS).default('none'),
    /** The OpenAI-compatible API's base URL, ending in /v1 (OpenAI itself, LocalAI, vLLM, Ollama…). */
    AI_API_URL: z.string().url().default('https://api.openai.com/v1'),
    /** The API key (any non-empty value for a local server that takes none). Required with AI_PROVIDER=openai. */
    AI_API_KEY: z.string().min(1).optional(),
    AI_TEXT_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
    AI_IMAGE_MODEL: z.string().trim().min(1).default('gpt-image-1'),
    /** The longest one provider call may take (an image download included) before it fails as transient. */
    AI_TIMEOUT_MS: envFields.positiveInt(120_000),
    /** Attempts of one generation job: a transient failure is retried with backoff (1 s doubling, at most 60 s) until then. */
    AI_MAX_ATTEMPTS: envFields.positiveInt(6),
    /** The newest articles of a Site queued when it becomes eligible, changes its subscriptions or replaces its SEO profile. */
    AI_BACKFILL_ARTICLES: envFields.positiveInt(20),
    /**
     * What this process runs (services/media/README.md#where-generation-runs): `api` (gRPC and HTTP;
     * it queues generation but runs none), `worker` (the generation queue's consumers and the
     * renders, in this process) or `all` (the API, with generation in a child process at a lower
     * scheduling priority: `npm start`). The chart runs `api` and `worker` apart.
     */
    MEDIA_ROLE: z.enum(MEDIA_ROLES).default('all'),
    /** Generation jobs a worker runs at a time; default: half the CPUs (os.availableParallelism()), at least 1. */
    AI_WORKER_CONCURRENCY: z.coerce.number().int().positive().max(64).optional(),
    /** The nice value (0 to 19, higher yields more) of the generation child process of MEDIA_ROLE=all. */
    AI_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
    /** When every eligible Site is planned again (cron, UTC): catches announcements that were lost and budgets that renewed. */
    AI_SWEEP_CRON: z.string().trim().min(9).default('*/10 * * * *'),
  })
  // A check of the whole object keeps the schema a ZodObject (`.shape` stays readable).
  .superRefine((env, ctx) => {
    if (env.AI_PROVIDER === 'openai' && !env.AI_API_KEY)
      ctx.addIssue({ code: 'custom', path: ['AI_API_KEY'], message: 'is required when AI_PROVIDER is openai' });
  });

export type MediaEnv = z.output<typeof mediaEnvSchema>;
