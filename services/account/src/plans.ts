/**
 * The plan catalog is data: plans.json ships with the service and PLANS_FILE
 * replaces it. A capability absent from a plan is not included; `quota: null` means unlimited.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { formatIssues, planId } from '@cfs/common/rules';
import { CAPABILITIES } from '@cfs/common/capabilities';
import { QUOTA_PERIODS } from '@cfs/common/periods';
import shippedCatalog from '../plans.json' with { type: 'json' };

const capabilitySchema = z.strictObject({
  quota: z.number().int().nonnegative().nullable(),
  period: z.enum(QUOTA_PERIODS),
});

export const planCatalogSchema = z
  .strictObject({
    defaultPlan: z.string().min(1),
    plans: z.record(
      planId,
      z.strictObject({
        name: z.string().min(1),
        capabilities: z.partialRecord(z.enum(CAPABILITIES), capabilitySchema),
        /** AI generation units per period shown at GET /api/v1/ai-usage; absent means none (no generation, budget 0). */
        aiBudget: z.strictObject({ units: z.number().int().nonnegative(), period: z.enum(QUOTA_PERIODS) }).optional(),
        /** The Stripe price a subscription to this plan is billed with; without it the plan cannot be bought through Stripe. */
        stripePriceId: z
          .string()
          .regex(/^price_[A-Za-z0-9_]{1,200}$/, 'must be a Stripe price id (price_…)')
          .optional(),
      }),
    ),
  })
  .refine((c) => Object.hasOwn(c.plans, c.defaultPlan), { message: 'defaultPlan must name a plan of the catalog' });

export type PlanCatalog = z.output<typeof planCatalogSchema>;
export type Plan = PlanCatalog['plans'][string];

export function loadPlanCatalog(file?: string): PlanCatalog {
  const raw: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : shippedCatalog;
  const parsed = planCatalogSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`invalid plan catalog${file ? ` in PLANS_FILE` : ''}: ${formatIssues(parsed.error)}`);
  }
  return parsed.data;
}
