/**
 * The route table of the public API: every customer-facing route, and nothing else. Each group is a
 * factory that receives what it uses besides the services (createGateway hands them in); a group
 * reads them only when a request runs, so the table can also be built to be described.
 */
import { describedOnly, type AnyRoute } from '../../pipeline/route.ts';
import { accountRoutes, type AccountRouteDeps } from './account.ts';
import { aiRoutes } from './ai.ts';
import { billingRoutes } from './billing.ts';
import { connectRoutes } from './connect.ts';
import { feedRoutes, type FeedRouteDeps } from './feed.ts';
import { identityRoutes, type IdentityRouteDeps } from './identity.ts';
import { seoRoutes } from './seo.ts';
import { webhooksRoutes } from './webhooks.ts';

export type PublicApiDeps = IdentityRouteDeps & AccountRouteDeps & FeedRouteDeps;

export function publicApi(deps: PublicApiDeps): AnyRoute[] {
  return [
    ...identityRoutes(deps),
    ...accountRoutes(deps),
    ...connectRoutes(),
    ...feedRoutes(deps),
    ...billingRoutes(),
    ...seoRoutes(),
    ...aiRoutes(),
    ...webhooksRoutes(),
  ];
}

/** The public API's routes as declared, for describing them (the OpenAPI document, tests); they do not serve. */
export const publicRoutes: AnyRoute[] = publicApi(describedOnly<PublicApiDeps>());
