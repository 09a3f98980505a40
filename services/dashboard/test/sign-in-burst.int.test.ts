/**
 * A burst of parallel sign-ins for one e-mail: the throttle takes each attempt before identity
 * checks the password, so at most the per-e-mail limit (5) reach identity's scrypt in a window,
 * whether the burst hits one replica (the limiter in memory) or two sharing Redis; every other
 * attempt gets the throttle's answer. Identity's SignIn holds every call it receives until each
 * request of the burst has either reached it or been refused, so no attempt can finish (and be
 * counted late) while another is still being let through.
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DomainError } from '@cfs/common/errors';
import { SignInThrottle } from '../src/throttle.ts';
import { anonymousForm, postForm, startTestDashboard, type TestDashboard } from './harness.ts';

const BURST = 30;
const THROTTLED = /Too many failed sign-in attempts\. Try again in \d+ minutes?\./;

/** Identity's SignIn as a gate: it counts the calls and fails them all once the burst is decided. */
function gatedIdentity() {
  let reached = 0;
  let refused = 0;
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  const settle = () => {
    if (reached + refused === BURST) open();
  };
  return {
    calls: () => reached,
    refusedOne: () => {
      refused += 1;
      settle();
    },
    services: async (service: string, method: string) => {
      if (service !== 'identity' || method !== 'SignIn') throw new Error(`unexpected ${service}.${method}`);
      reached += 1;
      settle();
      await released;
      throw new DomainError('UNAUTHENTICATED', 'The email or password is incorrect.');
    },
  };
}

async function burst(replicas: TestDashboard[], gate: ReturnType<typeof gatedIdentity>, email: string) {
  const forms = await Promise.all(replicas.map((r) => anonymousForm(`${r.url}/sign-in`)));
  return Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const at = i % replicas.length;
      const res = await postForm(`${replicas[at]!.url}/sign-in`, forms[at]!.cookie, { _csrf: forms[at]!.csrf, email, password: `guess number ${i}` });
      if (res.status === 429) gate.refusedOne();
      return res;
    }),
  );
}

describe('a burst of parallel sign-ins for one e-mail', () => {
  const opened: Array<{ close(): Promise<void> | void }> = [];
  afterAll(async () => {
    for (const o of opened) await o.close();
  });

  it('lets at most 5 reach the password check on one replica; the rest get the throttle message', async () => {
    const gate = gatedIdentity();
    const dashboard = await startTestDashboard(gate.services);
    opened.push(dashboard);
    const answers = await burst([dashboard], gate, 'owner@example.com');
    expect(gate.calls()).toBe(5);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(BURST - 5);
    for (const answer of refused) expect(answer.text).toMatch(THROTTLED);
  });

  it('lets at most 5 reach it across two replicas sharing Redis', async () => {
    const prefix = `${inject('redisPrefix')}burst:`;
    const clients = [new Redis(inject('redisUrl')), new Redis(inject('redisUrl'))];
    opened.push({ close: () => clients.forEach((c) => c.disconnect()) });
    const gate = gatedIdentity();
    const replicas = await Promise.all(
      clients.map((client) =>
        startTestDashboard(gate.services, { throttle: new SignInThrottle({ perAccount: 5, perIp: 20, blockSeconds: 900 }, { client, prefix }) }),
      ),
    );
    opened.push(...replicas);
    const answers = await burst(replicas, gate, 'Owner@Example.com');
    expect(gate.calls()).toBe(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(BURST - 5);
  });
});
