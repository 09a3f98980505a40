/**
 * Plan capabilities. Account, billing and /me are not plan-gated. `webhooks` is not counted per
 * request: its quota is the most endpoints a Site holds at once, which the webhooks service checks.
 */
export const CAPABILITIES = ['feed', 'subscriptions', 'ai_usage', 'ai_images', 'seo_profile', 'webhooks'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** The capabilities whose quota counts what a Site holds at once (its owner service counts), not requests. */
export const HELD_CAPABILITIES: readonly Capability[] = ['webhooks'];
