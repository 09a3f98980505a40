/** The route table of the public API: every customer-facing route, and nothing else. */
import type { AnyRoute } from '../route.ts';
import { identityRoutes } from './identity.ts';

export const routes: AnyRoute[] = [...identityRoutes];
