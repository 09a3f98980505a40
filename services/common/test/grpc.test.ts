/**
 * The gRPC bootstrap over a real loopback connection: domain errors cross as status + public code,
 * unexpected errors become a generic INTERNAL_ERROR, the health service reflects readiness and
 * shutdown, and a server that is gone gives SERVICE_UNAVAILABLE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProtos } from '@cfs/protos';
import type { IdentityServiceClient } from '@cfs/protos/generated/cfs/identity/v1/IdentityService.js';
import type { IdentityServiceHandlers } from '@cfs/protos/generated/cfs/identity/v1/IdentityService.js';
import { DomainError } from '../src/errors.ts';
import { callUnary, createClient, GrpcServer, implement, waitForServing, grpc } from '../src/grpc.ts';
import { createLogger } from '../src/logger.ts';

const logger = createLogger('test', { level: 'silent' });
const { cfs, grpc: health } = loadProtos();
let ready = true;
let server: GrpcServer;
let address: string;
let client: IdentityServiceClient;

const fail = (): Promise<never> => Promise.reject(new Error('not used'));
const handlers = implement<IdentityServiceHandlers>(logger, {
  Authenticate: async (req) => {
    if (req.token === 'domain') throw new DomainError('UNAUTHENTICATED', 'The credential has expired.');
    if (req.token === 'boom') throw new Error('SELECT secret FROM somewhere failed at /srv/app.ts:12');
    return { credential: { id: 'cred_1', siteId: 's', customerId: 'c', name: 'n', scopes: ['feed.read'], audience: 'content-feed', createdAt: 'now' } };
  },
  CreateCredential: fail,
  ListCredentials: fail,
  RevokeCredential: fail,
  CreateConnectionCode: fail,
  RedeemConnectionCode: fail,
});

beforeAll(async () => {
  server = new GrpcServer({
    logger,
    readiness: async () => {
      if (!ready) throw new Error('database down');
    },
    services: [{ name: 'cfs.identity.v1.IdentityService', definition: cfs.identity.v1.IdentityService.service, implementation: handlers }],
  });
  address = `127.0.0.1:${await server.listen('127.0.0.1:0')}`;
  client = createClient(cfs.identity.v1.IdentityService, address);
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
