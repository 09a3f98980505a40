import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressEnv, addressesOf, bindAddress, DEPLOYABLES, localWiring, SERVERS, serversOf, SERVICES } from '../src/deployables.ts';
import { envFields } from '../src/env.ts';

describe('the deployables table', () => {
  it('gives every server its own port and its own variables', () => {
    const servers = SERVERS.flatMap((name) => serversOf(name));
    for (const key of ['port', 'portEnv', 'hostEnv'] as const) {
      const values = servers.map((s) => s[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  it('names only services in what a deployable calls', () => {
    for (const d of Object.values(DEPLOYABLES)) for (const callee of d.calls) expect(SERVICES).toContain(callee);
  });
});

describe('envFields from the table', () => {
  it("build a deployable's listen fields (port from the table, every interface) and its callers' address fields", () => {
    const schema = z.object({ ...envFields.listen('media'), ...envFields.addresses(DEPLOYABLES.billing.calls), ...envFields.serverUrl('media') });
    expect(schema.parse({})).toEqual({
      MEDIA_GRPC_PORT: 7006,
      MEDIA_GRPC_HOST: '0.0.0.0',
      MEDIA_HTTP_PORT: 7016,
      MEDIA_HTTP_HOST: '0.0.0.0',
      ACCOUNT_ADDR: '127.0.0.1:7002',
      WEBHOOKS_ADDR: '127.0.0.1:7007',
      MEDIA_HTTP_URL: 'http://127.0.0.1:7016',
    });
    expect(schema.safeParse({ ACCOUNT_ADDR: 'account' }).success, 'an address is host:port').toBe(false);
    expect(bindAddress('media', schema.parse({ MEDIA_GRPC_HOST: '127.0.0.1' })), 'the gRPC server binds its own host and port').toBe('127.0.0.1:7006');
    expect(schema.safeParse({ MEDIA_GRPC_PORT: '70000' }).success, 'a port is at most 65535').toBe(false);
  });

  it("build the port fields of several deployables (the launcher's)", () => {
    expect(z.object(envFields.ports(['gateway', 'dashboard'])).parse({ PORT: '9000' })).toEqual({ PORT: 9000, DASHBOARD_HTTP_PORT: 7020 });
  });
});

describe('wiring a system on one machine', () => {
  const ports = Object.fromEntries(SERVERS.flatMap((name) => serversOf(name)).map((s, i) => [s.portEnv, 20_000 + i])) as Parameters<typeof localWiring>[0];
  const wiring = localWiring(ports);

  it('binds every server to 127.0.0.1 on its given port and tells each caller the same port', () => {
    for (const name of SERVERS) {
      for (const server of serversOf(name)) {
        expect(wiring[server.hostEnv]).toBe('127.0.0.1');
        expect(wiring[server.portEnv]).toBe(String(ports[server.portEnv]));
      }
    }
    expect(addressesOf(wiring, SERVICES)).toEqual(Object.fromEntries(SERVICES.map((n) => [n, `127.0.0.1:${ports[DEPLOYABLES[n].grpc.portEnv]}`])));
    expect(wiring.MEDIA_HTTP_URL).toBe(`http://127.0.0.1:${ports.MEDIA_HTTP_PORT}`);
    expect(wiring.DASHBOARD_HTTP_URL).toBe(`http://127.0.0.1:${ports.DASHBOARD_HTTP_PORT}`);
  });

  it("turns addresses by name into the callers' variables and back", () => {
    const addresses = { identity: 'id:1', media: 'media:2' };
    const env = addressEnv(addresses, ['identity', 'media']);
    expect(env).toEqual({ IDENTITY_ADDR: 'id:1', MEDIA_ADDR: 'media:2' });
    expect(addressesOf(env, ['identity', 'media'])).toEqual(addresses);
  });
});
