/**
 * Steps 2 to 7 of a plan-gated GET whose count step 1 left pending (rate-limit.ts), checked on what
 * this replica has cached (the Credential, its Site and Plan), then one store round trip that counts
 * the request (step 1), reads the Credential's revocation marker (step 3) and takes the quota unit
 * (step 7): a hot feed request costs one round trip instead of two. The answers keep the contract's
 * order: a refusal found here is answered after the count (429 comes first), and a revocation
 * marker or anything not cached sends the request the usual way (undefined: routeHandler runs the
 * steps again, its count already made), where identity decides. A store that cannot answer the
 * combined script is 503, as the quota's own take would be. (A lost reply is not that: the store
 * runs the call again under its id, which answers the first run's result: stores/redis-stores.ts.)
 */
import type { Request, Response } from 'express';
import type { Capability } from '@cfs/common/capabilities';
import type { PlanCapability, PlanEntitlements, QuotaCounter } from '@cfs/common/entitlements';
import { unavailable } from '@cfs/common/errors';
import type { CustomerScope } from '@cfs/common/scopes';
import type { Authenticator } from '../authenticator.ts';
import type { AnyRoute } from '../route.ts';
import type { Rpc } from '../rpc.ts';
import type { SiteDirectory } from '../sites.ts';
import { authorize } from './authorize.ts';
import type { Checked } from './handle.ts';
import type { RateLimiter } from './rate-limit.ts';
import { stateOf } from './request-state.ts';
import { validate } from './validate.ts';

export interface CachedChecksDeps {
  authenticator: Authenticator;
  sites: SiteDirectory;
  entitlements: PlanEntitlements;
  rateLimiter: RateLimiter;
  product: string;
}

export async function checkOnCache(route: AnyRoute, req: Request, res: Response, rpc: Rpc, deps: CachedChecksDeps): Promise<Checked | undefined> {
  const state = stateOf(res);
  const scope = route.scope as CustomerScope;
  const capability = route.capability as Capability;
  let checked: (Omit<Checked, 'charged'> & { entry: PlanCapability; counter: QuotaCounter }) | undefined;
  try {
    const input = await validate(route, req); // 2
    const credential = deps.authenticator.cached(state.pendingCount!.token); // 3 (its marker is read with the count)
    const context = credential && deps.sites.cached(credential.siteId);
    if (credential && context) {
      authorize(credential, scope, deps.product); // 4, 5
      const entry = deps.entitlements.requireIncluded(context.plan, capability); // 6
      checked = { input, requestId: state.requestId, rpc, credential, entry, counter: deps.entitlements.counterOf(credential.siteId, capability, entry) };
    }
  } catch (refusal) {
    const hit = await deps.rateLimiter.settle(res); // 429 first
    if (!hit || hit.revoked) return undefined; // a revoked Credential is 401 before any refusal: identity decides
    throw refusal;
  }
  if (!checked) {
    // Not all cached (or the Credential expired): counted now (429 first), then the usual way.
    await deps.rateLimiter.settle(res);
    return undefined;
  }
  const { entry, counter, ...facts } = checked;
  const hit = await deps.rateLimiter.settle(res, counter); // 1, 3 and 7 in one round trip
  // The store did not answer, even when asked again: no second take (the usual way would make one).
  if (!hit) throw unavailable();
  if (!hit.charged) return undefined; // a marker: identity decides
  return { ...facts, charged: deps.entitlements.verdict(capability, entry, counter, hit.charged) }; // 7: QUOTA_EXHAUSTED
}
