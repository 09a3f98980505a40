/** The schemas of the SEO profile routes (api/routes/seo.ts). */
import * as rules from '@cfs/common/rules';
import { EX, timestamp, typed } from './blocks.ts';

const seoProfileExample = { siteName: 'Acme News', locale: 'en-GB', keywords: ['robotics', 'recycling'], tone: 'friendly', topics: ['technology'] };

export const SeoProfileInput = rules.seoProfile
  .extend({
    siteName: typed(rules.seoProfile.shape.siteName),
    // rules.locale is a BCP 47 tag of at most 12 characters (its pattern says so; maxLength too).
    locale: rules.seoProfile.shape.locale.max(16),
    keywords: rules.seoProfile.shape.keywords.meta({ items: { type: 'string', minLength: 1, maxLength: 100, pattern: rules.NO_CONTROL_CHARACTERS.source } }),
    tone: typed(rules.seoProfile.shape.tone),
    topics: rules.seoProfile.shape.topics.meta({ items: { type: 'string', minLength: 1, maxLength: 100, pattern: rules.NO_CONTROL_CHARACTERS.source } }),
  })
  .meta({
    id: 'SeoProfileInput',
    description:
      'The whole profile; PUT replaces it. Unknown fields, wrong types and control characters are a 400. tone is free text such as neutral, friendly or formal.',
    examples: [seoProfileExample],
  });

export const SeoProfile = SeoProfileInput.extend({ updatedAt: timestamp }).meta({
  id: 'SeoProfile',
  examples: [{ ...seoProfileExample, updatedAt: EX.updated }],
});
