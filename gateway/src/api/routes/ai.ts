import { aiBudgetOf } from '@cfs/common/entitlements';
import { defineRoute, siteOf, type AnyRoute } from '../../pipeline/route.ts';
import { AiImagesStatus, AiUsage } from '../../schemas/ai-schemas.ts';

/** The AI routes: the budget is the Site's Plan as admission read it. */
export const aiRoutes = (): AnyRoute[] => [
  defineRoute({
    method: 'GET',
    path: '/api/v1/ai-usage',
    operationId: 'getAiUsage',
    summary: 'Read the AI usage',
    description: "The Site's AI generation usage this period (units used and reserved) against the budget of its plan.",
    tag: 'AI',
    auth: 'credential',
    scope: 'ai.usage.read',
    capability: 'ai_usage',
    response: { status: 200, description: 'Usage and budget status.', schema: AiUsage },
    handle: async ({ principal, rpc }) => {
      const { plan } = siteOf(principal);
      const u = await rpc('media', 'GetAiUsage', { siteId: principal.credential.siteId, ...aiBudgetOf(plan) });
      return {
        period: u.period as 'hour' | 'day' | 'month',
        periodStart: u.periodStart,
        resetsAt: u.resetsAt,
        used: Number(u.used),
        reserved: Number(u.reserved),
        budget: u.budget === undefined ? null : Number(u.budget),
        remaining: u.remaining === undefined ? null : Number(u.remaining),
        status: u.status as 'ok' | 'warning' | 'exhausted',
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/ai-images',
    operationId: 'getAiImagesStatus',
    summary: 'Read the AI image status',
    description:
      "Platform-wide status of AI image generation: operational, degraded or paused, computed from the recent image generations and the operator's pause, with the reason and when it was checked.",
    tag: 'AI',
    auth: 'credential',
    scope: 'ai.images.read',
    capability: 'ai_images',
    response: { status: 200, description: 'The status.', schema: AiImagesStatus },
    handle: async ({ rpc }) => {
      const s = await rpc('media', 'GetAiImagesStatus', {});
      // checkedAt is empty only from a media service older than the field (a rolling deploy).
      // updatedAt is the epoch when no operator ever set the status (media.proto): no time to tell then.
      return {
        status: s.status as 'operational' | 'degraded' | 'paused',
        reason: s.reason,
        ...(Date.parse(s.updatedAt) > 0 ? { updatedAt: s.updatedAt } : {}),
        checkedAt: s.checkedAt || new Date().toISOString(),
      };
    },
  }),
];
