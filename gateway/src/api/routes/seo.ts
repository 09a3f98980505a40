import { DomainError } from '@cfs/common/errors';
import { defineRoute, type AnyRoute } from '../../pipeline/route.ts';
import { SeoProfile, SeoProfileInput } from '../../schemas/seo-schemas.ts';

const base = { tag: 'SEO', auth: 'credential', scope: 'seo.profile.manage', capability: 'seo_profile' } as const;

function present(p: { siteName: string; locale: string; keywords: string[]; tone: string; topics: string[]; updatedAt?: string } | null) {
  if (!p?.updatedAt) throw new DomainError('INTERNAL_ERROR');
  return { siteName: p.siteName, locale: p.locale, keywords: p.keywords, tone: p.tone, topics: p.topics, updatedAt: p.updatedAt };
}

export const seoRoutes = (): AnyRoute[] => [
  defineRoute({
    ...base,
    method: 'GET',
    path: '/api/v1/seo-profile',
    operationId: 'getSeoProfile',
    conditional: true,
    summary: 'Read the SEO profile',
    description: "The calling Site's SEO personalization profile; 404 until one is set.",
    errors: ['NOT_FOUND'],
    errorNotes: { NOT_FOUND: 'The Site has no SEO profile yet.' },
    response: { status: 200, description: 'The profile.', schema: SeoProfile },
    handle: async ({ principal, rpc }) => present((await rpc('seo', 'GetProfile', { siteId: principal.credential.siteId })).profile),
  }),
  defineRoute({
    ...base,
    method: 'PUT',
    path: '/api/v1/seo-profile',
    operationId: 'replaceSeoProfile',
    summary: 'Replace the SEO profile',
    description:
      "Replaces the calling Site's SEO profile as a whole, creating it on first use. Every field is required; unknown fields, wrong types, a locale that is not a BCP 47 tag and control characters are a 400.",
    body: SeoProfileInput,
    response: { status: 200, description: 'The profile as stored.', schema: SeoProfile },
    handle: async ({ principal, rpc, body }) => present((await rpc('seo', 'ReplaceProfile', { siteId: principal.credential.siteId, profile: body })).profile),
  }),
];
