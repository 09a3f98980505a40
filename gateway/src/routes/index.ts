/** The route table of the public API: every customer-facing route, and nothing else. */
import type { AnyRoute } from '../route.ts';
import { accountRoutes } from './account.ts';
import { aiRoutes } from './ai.ts';
import { billingRoutes } from './billing.ts';
import { seoRoutes } from './seo.ts';
import { connectRoutes } from './connect.ts';
import { feedRoutes } from './feed.ts';
import { identityRoutes } from './identity.ts';

export const routes: AnyRoute[] = [...identityRoutes, ...accountRoutes, ...connectRoutes, ...feedRoutes, ...billingRoutes, ...seoRoutes, ...aiRoutes];
