/**
 * Steps 1 to 7 of a declared route, one call (`admit`) that reads top to bottom:
 * 1. What can be known without I/O: the input of a request without a body (its body-less parse and
 *    validation, step 2), and on this replica's caches the Credential behind the token, its Site's
 *    Plan and, when they already admit the request, the quota counter to charge.
 * 2. One store round trip: the rate-limit count, the cached Credential's revocation marker and that
 *    quota unit (stores/*: the unit only within the limit and without a marker).
 * 3. The decisions in the contract's order, fetching only what is still missing: 429, 400 (a body is
 *    read only now: a client may trickle it, so its marker is read after it), 401 (identity only on
 *    a cache miss or a marker), 403 SCOPE_DENIED, WRONG_AUDIENCE, CAPABILITY_NOT_ENTITLED (the Site
 *    only when not cached), QUOTA_EXHAUSTED (a second store call only when the unit was not taken in
 *    the first).
 * A conditional request (If-None-Match on a route declared `conditional`) may be answered 304, which
 * is never charged: for it step 7 only checks that a unit is left (in the same round trip, taking
 * nothing), and step 8 takes the unit when the answer is not a 304 (pipeline/steps/handle.ts). Taking the
 * unit and giving it back on a 304 would cost a second store call, more than the body it saves.
 * A refusal found in part 1 is answered in part 3, after the count, so 429 comes first and a
 * refused request is still counted; part 3 decides on the facts of part 1 when the count confirmed
 * them (the unit it took is for those facts), else on what it fetched.
 * With the shared tier (caches/shared-facts.ts) the same round trip reads the Site's generation:
 * cached facts of a Site whose generation moved on are not confirmed (and the unit is not taken on
 * them), and what this replica has not cached (the Credential by its token, its Site, the Site's
 * subscription set) comes from the records the replicas share instead of a service call. The quota
 * unit of a request admitted on those records is taken in a second store call, as on any request
 * whose facts were not cached. When the count could not be made (the store did not answer) nothing
 * cached is confirmed: the Credential goes to identity, the Site to account.
 */
import type { Request, Response } from 'express';
import type { Capability } from '@cfs/common/capabilities';
import type { PlanCapability, PlanEntitlements, QuotaCounter } from '@cfs/common/entitlements';
import { unauthenticated, unavailable } from '@cfs/common/errors';
import type { CustomerScope } from '@cfs/common/scopes';
import type { Authenticator, Credential } from '../caches/authenticator.ts';
import type { PresentedToken } from '../caches/presented-token.ts';
import type { Received, SharedFacts } from '../caches/shared-facts.ts';
import type { AnyRoute } from './route.ts';
import type { Rpc } from '../clients/rpc.ts';
import type { SiteContext, SiteDirectory } from '../caches/sites.ts';
import { authorize } from './steps/authorize.ts';
import type { Caller } from './steps/bearer.ts';
import type { Admitted } from './steps/handle.ts';
import { hasBody, type BodyReader } from './steps/json-body.ts';
import type { RateLimiter } from './steps/rate-limit.ts';
import { validate, type ValidInput } from './steps/validate.ts';
import type { FactsRead, Hit } from '../stores/index.ts';

export interface AdmissionDeps {
  rateLimiter: RateLimiter;
  readBody: BodyReader;
  authenticator: Authenticator;
  sites: SiteDirectory;
  entitlements: PlanEntitlements;
  /** The product (audience) this gateway serves. */
  product: string;
  /** The shared tier: facts read in the count's round trip (none without it). */
  shared?: SharedFacts;
}

/** Part 1: what this replica knows of the request before any I/O. */
interface Known {
  /** The input, or the refusal of a request without a body (undefined both: the body is still to come). */
  input?: ValidInput;
  invalid?: unknown;
  /** The Credential cached for the token (unexpired), its marker still to read. */
  credential?: Credential;
  /** Its Site, when cached, and its Plan's entry for the route's capability. */
  site?: SiteContext;
  entry?: PlanCapability;
  /** The unit to take in the count: the cached facts admit the request. */
  charge?: QuotaCounter;
  /** The request has no body: the marker read in the count confirms what it reads. */
  bodyless: boolean;
  /** The Site's generation the cached Site was read under (the shared tier), read with it. */
  generation?: string;
}

export class Admission {
  constructor(private readonly deps: AdmissionDeps) {}

  async admit(route: AnyRoute, req: Request, res: Response, caller: Caller, rpc: Rpc, requestId: string): Promise<Admitted> {
    const known = await this.knownWithoutIo(route, req, res, caller);
    const facts = this.factsToRead(route, caller, known);
    // Without a count, the unit is taken on its own; with the shared tier, in the count only under the generation read.
    const charge = this.deps.rateLimiter.enforced && (!this.deps.shared || known.generation !== undefined) ? known.charge : undefined;
    const conditional = route.conditional === true && req.headers['if-none-match'] !== undefined; // may be a 304: charged in step 8
    const hit = await this.deps.rateLimiter.count(res, caller, {
      ...(known.credential ? { revocationOf: known.credential.id } : {}),
      ...(charge ? { charge, peek: conditional } : {}),
      ...(facts ? { facts: facts.read } : {}),
    }); // 1. 429
    // The store did not answer the combined call, even when asked again: no second take.
    if (charge && !hit) throw unavailable();
    const received = facts && hit?.facts ? this.deps.shared!.received(facts.read, hit.facts, caller.token!, facts.cached, known.bodyless) : undefined;
    const input = await this.input(route, req, res, known); // 2. 400
    if (route.auth !== 'credential') return { requestId, input };
    const confirmed = (known.credential !== undefined && hit?.revoked === false) || received?.credential !== undefined;
    const credential = confirmed ? (known.credential ?? received!.credential!) : await this.authenticate(caller, requestId, known, hit, received); // 3. 401
    authorize(credential, route.scope as CustomerScope | null, this.deps.product); // 4, 5. 403 SCOPE_DENIED, WRONG_AUDIENCE
    if (!route.capability) return { requestId, input, credential };
    const capability = route.capability as Capability;
    const cached = confirmed && known.entry && !received?.moved ? known : undefined;
    const site = cached?.site ?? this.sharedSite(received, credential) ?? (await this.siteOf(credential.siteId, rpc, hit));
    const entry = cached?.entry ?? this.deps.entitlements.requireIncluded(site.plan, capability); // 6. 403 CAPABILITY_NOT_ENTITLED
    if (route.quota === 'held') return { requestId, input, credential, site }; // 7. the service counts what the Site holds
    if (conditional) {
      if (hit?.charged)
        this.deps.entitlements.verdict(capability, entry, charge!, hit.charged); // 7. 403 QUOTA_EXHAUSTED, nothing taken
      else await this.deps.entitlements.check(credential.siteId, capability, entry);
      return { requestId, input, credential, site, due: { siteId: credential.siteId, capability, entry } };
    }
    const charged = hit?.charged // 7. 403 QUOTA_EXHAUSTED
      ? this.deps.entitlements.verdict(capability, entry, charge!, hit.charged)
      : await this.deps.entitlements.consume(credential.siteId, capability, entry);
    return { requestId, input, credential, site, charged };
  }

  /**
   * What the count reads of the shared tier: for a Credential cached here (with a body, one not yet
   * confirmed), its Site's generation, and the Site's records when the Site is not cached here; for a
   * token nothing is cached for, its Credential's record and what that leads to.
   */
  private factsToRead(route: AnyRoute, caller: Caller, known: Known): { read: FactsRead; cached?: Credential } | undefined {
    if (!this.deps.shared || route.auth !== 'credential' || !caller.token) return undefined;
    const cached = known.credential ?? this.deps.authenticator.peek(caller.token);
    if (!cached) return { read: { tokenKey: caller.token.key } };
    const { siteId } = cached;
    if (!known.site && !this.deps.sites.has(siteId)) return { read: { siteId, records: true }, cached };
    return { read: known.generation === undefined ? { siteId } : { siteId, generation: known.generation }, cached };
  }

  /** The Site the shared tier gave, when it is the Credential's. */
  private sharedSite(received: Received | undefined, credential: Credential): SiteContext | undefined {
    return received?.site?.site.id === credential.siteId ? received.site : undefined;
  }

  /** The Site from the cache (or account); read afresh when the count could not be made, since nothing cached was confirmed. */
  private siteOf(siteId: string, rpc: Rpc, hit: Hit | undefined): Promise<SiteContext> {
    const unconfirmed = this.deps.shared !== undefined && this.deps.rateLimiter.enforced && hit === undefined;
    return unconfirmed ? this.deps.sites.reload(siteId, rpc) : this.deps.sites.get(siteId, rpc);
  }

  /** Part 1. A refusal here is kept for part 3 (`invalid`, or simply no charge). */
  private async knownWithoutIo(route: AnyRoute, req: Request, res: Response, caller: Caller): Promise<Known> {
    if (hasBody(req)) return { bodyless: false };
    let input: ValidInput;
    try {
      // No body: the reader only sets what an empty one parses to, which only a body schema reads.
      if (route.body) await this.deps.readBody(req, res);
      input = await validate(route, req);
    } catch (invalid) {
      return { invalid, bodyless: true };
    }
    const credential = route.auth === 'credential' && caller.token ? this.deps.authenticator.cached(caller.token) : undefined;
    if (!credential) return { input, bodyless: true };
    const site = route.capability ? this.deps.sites.cached(credential.siteId) : undefined;
    if (!site) return { input, credential, bodyless: true };
    // Read with the Site, in the same turn: the generation its entry is valid for (caches/shared-facts.ts).
    const generation = this.deps.shared?.generationOf(credential.siteId);
    const facts = { input, credential, site, bodyless: true, ...(generation === undefined ? {} : { generation }) };
    try {
      authorize(credential, route.scope as CustomerScope | null, this.deps.product);
      const capability = route.capability as Capability;
      const entry = this.deps.entitlements.requireIncluded(site.plan, capability);
      if (route.quota === 'held') return { ...facts, entry }; // nothing to charge
      return { ...facts, entry, charge: this.deps.entitlements.counterOf(credential.siteId, capability, entry) };
    } catch {
      return { input, credential, bodyless: true }; // refused on cached facts: part 3 refuses it again after the count
    }
  }

  /** Step 2: the input part 1 validated, or the body read now and validated. */
  private async input(route: AnyRoute, req: Request, res: Response, known: Known): Promise<ValidInput> {
    if (known.input) return known.input;
    if (known.invalid !== undefined) throw known.invalid;
    await this.deps.readBody(req, res);
    return validate(route, req);
  }

  /** Step 3 when the count did not confirm a cached Credential: the cache with its marker read now, or identity. */
  private async authenticate(caller: Caller, requestId: string, known: Known, hit: Hit | undefined, received: Received | undefined): Promise<Credential> {
    if ('missing' in caller.bearer) throw unauthenticated('An Authorization: Bearer <credential> header is required.');
    if ('malformed' in caller.bearer) throw unauthenticated('The Authorization header must be "Bearer <credential>".');
    if (!caller.token) throw unauthenticated(); // never issued: refused at no service's cost
    const marker = known.credential && hit?.revoked !== undefined ? { credentialId: known.credential.id, marked: hit.revoked } : undefined;
    const authenticated = this.deps.authenticator.authenticate(caller.token, requestId, marker);
    return received?.marked ? this.refusedForgotten(caller.token, authenticated) : authenticated;
  }

  /** A shared record whose marker is set: identity decides, and a refusal forgets the record. */
  private async refusedForgotten(token: PresentedToken, authenticated: Promise<Credential>): Promise<Credential> {
    try {
      return await authenticated;
    } catch (err) {
      if ((err as { code?: string }).code === 'UNAUTHENTICATED') this.deps.shared?.refused(token);
      throw err;
    }
  }
}
