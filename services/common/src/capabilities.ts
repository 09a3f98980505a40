/** Plan capabilities. Account, billing and /me are not plan-gated. */
export const CAPABILITIES = ['feed', 'subscriptions', 'ai_usage', 'ai_images', 'seo_profile'] as const;
export type Capability = (typeof CAPABILITIES)[number];
