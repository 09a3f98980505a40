/** The schemas of the AI routes (api/routes/ai.ts). */
import { z } from 'zod';
import { QUOTA_PERIODS } from '@cfs/common/periods';
import { count, EX, plainText, timestamp } from './blocks.ts';

export const AiUsage = z
  .object({
    period: z.enum(QUOTA_PERIODS).meta({ description: 'The budget period (UTC calendar).' }),
    periodStart: timestamp,
    resetsAt: timestamp,
    used: count.meta({ description: 'AI generation units used this period (successful generations and operator adjustments).' }),
    reserved: count.meta({
      description:
        'Units held by generations under way this period; 0 when idle. They become used when a generation succeeds and are given back when it fails.',
    }),
    budget: count.nullable().meta({ description: 'Units per period from the plan; null means unlimited.' }),
    remaining: count.nullable().meta({ description: 'budget − used − reserved, never below 0; null when unlimited.' }),
    status: z.enum(['ok', 'warning', 'exhausted']).meta({
      description:
        'warning from 80 % of the budget used; exhausted once what remains cannot pay for one more article (its text and its image): nothing more is generated this period.',
    }),
  })
  .meta({
    id: 'AiUsage',
    examples: [
      {
        period: 'month',
        periodStart: '2026-02-01T00:00:00.000Z',
        resetsAt: '2026-03-01T00:00:00.000Z',
        used: 850,
        reserved: 22,
        budget: 1000,
        remaining: 128,
        status: 'warning',
      },
    ],
  });

export const AiImagesStatus = z
  .object({
    status: z.enum(['operational', 'degraded', 'paused']).meta({
      description:
        'Platform-wide status of AI image generation, computed from the recent image generations: degraded once most of the last 10 within 15 minutes failed transiently (they are retried), operational otherwise; paused while the operator has paused generation or no AI provider is configured (nothing is generated then). An operator may also mark it degraded.',
    }),
    reason: plainText(200).meta({ description: 'Why, in a short sentence (e.g. "Most recent image generations failed; retrying.").' }),
    updatedAt: timestamp.optional().meta({ description: 'When the operator last set the status; absent while no operator ever has.' }),
    checkedAt: timestamp.meta({ description: 'When the status was computed.' }),
  })
  .meta({
    id: 'AiImagesStatus',
    examples: [{ status: 'operational', reason: 'Recent image generations succeeded.', updatedAt: EX.updated, checkedAt: '2026-02-03T08:15:00.000Z' }],
  });
