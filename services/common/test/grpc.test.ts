/**
 * The gRPC bootstrap over a real loopback connection: domain errors cross as status + public code,
 * unexpected errors become a generic INTERNAL_ERROR, the health service reflects readiness and
 * shutdown, a server that is gone gives SERVICE_UNAVAILABLE, every RPC admits only the callers
 * its policy names (service-to-service authentication), and a call's budget cannot be lengthened by
 * a clock offset between caller and service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProtos } from '@cfs/protos';
import type { IdentityServiceClient } from '@cfs/protos/generated/cfs/identity/v1/IdentityService.js';
import type { IdentityServiceHandlers } from '@cfs/protos/generated/cfs/identity/v1/IdentityService.js';
import { currentBudget, VERDICT_GRACE_MS } from '../src/deadline.ts';
import { DomainError, GRPC_ERROR_CODE_KEY } from '../src/errors.ts';
import { budgetOf, callUnary, createClient, GrpcServer, implement, waitForServing, grpc } from '../src/grpc.ts';
import { createLogger } from '../src/logger.ts';
import { newServiceTokens, ServiceCallers, serviceAuthEnvSchema, type CallerPolicy } from '../src/service-auth.ts';

const logger = createLogger('test', { level: 'silent' });
const { cfs, grpc: health } = loadProtos();
let ready = true;
let server: GrpcServer;
let address: string;
let client: IdentityServiceClient;
const { tokens, callers: callersSpec } = newServiceTokens();
/** Authenticate for the gateway; the writes for the operator; RedeemConnectionCode for billing (a test policy). */
const policy: CallerPolicy = {
  Authenticate: ['gateway'],
  CreateCredential: ['admin'],
  ListCredentials: ['gateway', 'admin'],
  RevokeCredential: ['admin'],
  CreateConnectionCode: ['admin'],
  RedeemConnectionCode: ['billing'],
  InviteUser: ['admin'],
  AcceptInvitation: ['dashboard'],
  SignIn: ['dashboard'],
  GetUser: ['dashboard'],
  ListUsers: ['dashboard'],
};
const as = (token: string | undefined) => createClient(cfs.identity.v1.IdentityService, address, token);

const fail = (): Promise<never> => Promise.reject(new Error('not used'));
const handlers = implement<IdentityServiceHandlers>(logger, {
  Authenticate: async (req) => {
    if (req.token === 'domain') throw new DomainError('UNAUTHENTICATED', 'The credential has expired.');
    if (req.token === 'boom') throw new Error('SELECT secret FROM somewhere failed at /srv/app.ts:12');
    // Slow work: cut short, UNAVAILABLE, when the call's budget runs out.
    if (req.token === 'slow') await currentBudget()?.sleep(60_000);
    // The name tells the budget the service saw (ms left when the handler started).
    const name = req.token === 'budget' ? String(currentBudget()?.remainingMs()) : 'n';
    return { credential: { id: 'cred_1', siteId: 's', customerId: 'c', name, scopes: ['feed.read'], audience: 'content-feed', createdAt: 'now' } };
  },
  CreateCredential: fail,
  ListCredentials: fail,
  RevokeCredential: fail,
  CreateConnectionCode: fail,
  RedeemConnectionCode: fail,
  InviteUser: fail,
  AcceptInvitation: fail,
  SignIn: fail,
  GetUser: fail,
  ListUsers: fail,
});

beforeAll(async () => {
  server = new GrpcServer({
    logger,
    callers: ServiceCallers.parse(callersSpec),
    readiness: async () => {
      if (!ready) throw new Error('database down');
    },
    services: [{ name: 'cfs.identity.v1.IdentityService', definition: cfs.identity.v1.IdentityService.service, implementation: handlers, allow: policy }],
  });
  address = `127.0.0.1:${await server.listen('127.0.0.1:0')}`;
  client = as(tokens.gateway);
});

afterAll(async () => {
  client.close();
  await server.shutdown(100);
});

function check(service = ''): Promise<string | undefined> {
  const h = createClient(health.health.v1.Health, address);
  return new Promise((resolve) =>
    h.Check({ service }, { deadline: Date.now() + 2000 }, (err, res) => {
      h.close();
      resolve(err ? `error ${err.code}` : res?.status);
    }),
  );
}

describe('gRPC errors', () => {
  it('carries a domain error across with its code and message', async () => {
    const err = await callUnary(client, 'Authenticate', { token: 'domain' }, { deadlineMs: 2000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'UNAUTHENTICATED', message: 'The credential has expired.' });
  });

  it('turns an unexpected error into INTERNAL_ERROR with a generic message', async () => {
    const err = (await callUnary(client, 'Authenticate', { token: 'boom' }, { deadlineMs: 2000 }).catch((e: unknown) => e)) as DomainError;
    expect(err.code).toBe('INTERNAL_ERROR');
    expect(err.message).not.toMatch(/SELECT|srv|\.ts/);
  });

  it('answers successfully with the typed response', async () => {
    const res = await callUnary(client, 'Authenticate', { token: 'ok' }, { deadlineMs: 2000 });
    expect(res.credential?.scopes).toEqual(['feed.read']);
  });

  it('gives SERVICE_UNAVAILABLE, fast, when nothing listens', async () => {
    const gone = createClient(cfs.identity.v1.IdentityService, '127.0.0.1:1');
    const started = Date.now();
    const err = (await callUnary(gone, 'Authenticate', { token: 'x' }, { deadlineMs: 3000 }).catch((e: unknown) => e)) as DomainError;
    gone.close();
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(3500);
  });
});

describe('deadlines across a clock offset', () => {
  const BUDGET_MS = 2000;
  /** The caller's clock, 1 s ahead of this server's (the server's runs 1 s behind the caller's). */
  const callerNow = () => Date.now() + 1000;
  /**
   * A call as a caller of an earlier release made it: its budget's end on ITS clock in
   * `cfs-budget-deadline`, and the gRPC deadline (sent as the relative grpc-timeout) a grace later.
   */
  const legacyCall = (token: string, budgetMs: number) =>
    new Promise<{ err: grpc.ServiceError | null; name?: string }>((resolve) => {
      const metadata = new grpc.Metadata();
      metadata.set('cfs-budget-deadline', String(callerNow() + budgetMs));
      client.Authenticate({ token }, metadata, { deadline: Date.now() + budgetMs + VERDICT_GRACE_MS }, (err, res) =>
        resolve({ err, name: res?.credential?.name }),
      );
    });

  it("gives the service what the caller gave, measured on the service's own clock", async () => {
    const res = await callUnary(client, 'Authenticate', { token: 'budget' }, { deadlineMs: BUDGET_MS });
    const seen = Number(res.credential?.name);
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThanOrEqual(BUDGET_MS);
  });

  it("ends the budget of a service whose clock runs 1 s behind before the caller's deadline", () => {
    const serverNow = () => Date.now() - 1000;
    // What grpc-js hands the handler: the deadline it set at receipt from grpc-timeout; an earlier
    // caller's absolute end (on the caller's clock, here in step with Date.now) rides along.
    const metadata = new grpc.Metadata();
    metadata.set('cfs-budget-deadline', String(Date.now() + BUDGET_MS));
    const call = { metadata, getDeadline: () => Date.now() + BUDGET_MS + VERDICT_GRACE_MS };
    const budget = budgetOf(call, serverNow)!;
    // The service's end on its own clock is at most the budget away: at the caller's deadline or before.
    expect(budget.deadline - serverNow()).toBeLessThanOrEqual(BUDGET_MS);
    expect(budget.remainingMs()).toBeGreaterThan(0);
  });

  it("does not let an earlier caller's absolute end, on a clock 1 s ahead, lengthen the budget", async () => {
    const { err, name } = await legacyCall('budget', BUDGET_MS);
    expect(err).toBeNull();
    expect(Number(name)).toBeLessThanOrEqual(BUDGET_MS);
  });

  it("answers slow work with the service's UNAVAILABLE verdict, not the caller's timer, under the offset", async () => {
    const started = Date.now();
    const { err } = await legacyCall('slow', 500);
    const ms = Date.now() - started;
    expect(err?.code).toBe(grpc.status.UNAVAILABLE);
    expect(err?.metadata.get(GRPC_ERROR_CODE_KEY)[0]).toBe('SERVICE_UNAVAILABLE');
    // The figure docs/performance.md#deadlines quotes (a 500 ms budget, the caller's clock 1 s ahead).
    // eslint-disable-next-line no-console -- a measurement this test exists to report
    console.log(`time to UNAVAILABLE with a 500 ms budget, the caller's clock 1 s ahead: ${ms} ms`);
  });
});

describe('service-to-service authentication', () => {
  const call = async (token: string | undefined, method: 'Authenticate' | 'CreateCredential') => {
    const c = as(token);
    try {
      return await new Promise<number>((resolve) => {
        const done = (err: grpc.ServiceError | null) => resolve(err ? err.code : grpc.status.OK);
        const options = { deadline: Date.now() + 2000 };
        if (method === 'Authenticate') c.Authenticate({ token: 'ok' }, options, done);
        else c.CreateCredential({}, options, done);
      });
    } finally {
      c.close();
    }
  };

  it('admits a caller to the RPCs its policy names, and to no other', async () => {
    expect(await call(tokens.gateway, 'Authenticate')).toBe(grpc.status.OK);
    expect(await call(tokens.billing, 'Authenticate')).toBe(grpc.status.PERMISSION_DENIED);
    expect(await call(tokens.admin, 'Authenticate')).toBe(grpc.status.PERMISSION_DENIED);
    expect(await call(tokens.gateway, 'CreateCredential')).toBe(grpc.status.PERMISSION_DENIED);
  });

  it('refuses a call without a token, or with a token it does not know, before the handler runs', async () => {
    expect(await call(undefined, 'Authenticate')).toBe(grpc.status.UNAUTHENTICATED);
    expect(await call(`${tokens.gateway}x`, 'Authenticate')).toBe(grpc.status.UNAUTHENTICATED);
    expect(await call(newServiceTokens().tokens.gateway, 'Authenticate')).toBe(grpc.status.UNAUTHENTICATED);
  });

  it('turns a refusal into an internal error for the caller, never a public code of the refused RPC', async () => {
    const err = (await callUnary(as(undefined), 'Authenticate', { token: 'ok' }, { deadlineMs: 2000 }).catch((e: unknown) => e)) as DomainError;
    expect(err.code).toBe('INTERNAL_ERROR');
  });

  it('keeps the health service open to anyone (probes carry no token)', async () => {
    expect(await check()).toBe('SERVING');
  });

  it('refuses to build a server whose policy leaves an RPC out', () => {
    const { RedeemConnectionCode: _left, ...partial } = policy;
    expect(
      () =>
        new GrpcServer({
          logger,
          callers: ServiceCallers.parse(callersSpec),
          services: [
            { name: 'cfs.identity.v1.IdentityService', definition: cfs.identity.v1.IdentityService.service, implementation: handlers, allow: partial },
          ],
        }),
    ).toThrow(/RedeemConnectionCode: no callers declared/);
  });

  it('reads SERVICE_CALLERS strictly and requires it unless SERVICE_AUTH=off', () => {
    expect(serviceAuthEnvSchema.safeParse({}).success).toBe(false);
    expect(serviceAuthEnvSchema.safeParse({ SERVICE_CALLERS: 'gateway=abc' }).success).toBe(false);
    expect(serviceAuthEnvSchema.safeParse({ SERVICE_CALLERS: `root=${'a'.repeat(64)}` }).success).toBe(false);
    const parsed = serviceAuthEnvSchema.parse({ SERVICE_CALLERS: callersSpec });
    expect(parsed.callers.identify(tokens.admin)).toBe('admin');
    expect(parsed.callers.open).toBe(false);
    expect(serviceAuthEnvSchema.parse({ SERVICE_AUTH: 'off' }).callers.open).toBe(true);
  });
});

describe('the health service', () => {
  it('is SERVING while ready, NOT_SERVING while a dependency is down, NOT_FOUND for an unknown service', async () => {
    expect(await check()).toBe('SERVING');
    expect(await check('cfs.identity.v1.IdentityService')).toBe('SERVING');
    ready = false;
    expect(await check()).toBe('NOT_SERVING');
    ready = true;
    expect(await check('cfs.nope.v1.Nope')).toBe(`error ${grpc.status.NOT_FOUND}`);
    await waitForServing(address, 2000);
  });

  it('turns NOT_SERVING as the first step of shutdown', async () => {
    server.markNotServing();
    expect(await check()).toBe('NOT_SERVING');
  });
});
