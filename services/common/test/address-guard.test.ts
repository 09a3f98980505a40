import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildConnector, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BlockedAddressError,
  classifyAddress,
  createGuardedDispatcher,
  isAddressAllowed,
  resolveChecked,
  type AddressClass,
  type Resolver,
} from '@cfs/common/address-guard';

describe('classifyAddress', () => {
  const table: [string, AddressClass][] = [
    ['93.184.216.34', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2002:7f00:1::', 'reserved'],
    // IPv4 inside IPv6 is the IPv4 address it carries.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::808:808', 'public'],
    ['[::1]', 'loopback'],
    // Shorthand a resolver never answers, and text that is no address.
    ['127.1', 'invalid'],
    ['0x7f.0.0.1', 'invalid'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
  ];
  it.each(table)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('isAddressAllowed', () => {
  const closed = { allowPrivateNetworks: false };
  const open = { allowPrivateNetworks: true };
  it('allows public addresses under both policies', () => {
    for (const a of ['93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isAddressAllowed(a, closed)).toBe(true);
      expect(isAddressAllowed(a, open)).toBe(true);
    }
  });
  it('allows loopback, private and unique-local only when private networks are allowed', () => {
    for (const a of ['127.0.0.1', '::1', '10.0.0.1', '192.168.0.10', 'fd00::5', '::ffff:127.0.0.1']) {
      expect(isAddressAllowed(a, closed)).toBe(false);
      expect(isAddressAllowed(a, open)).toBe(true);
    }
  });
  it('never allows link-local, unspecified, multicast, broadcast, CGNAT or reserved', () => {
    for (const a of [
      '169.254.169.254',
      'fe80::1',
      '0.0.0.0',
      '::',
      '::ffff:0.0.0.0',
      '224.0.0.251',
      'ff02::1',
      '255.255.255.255',
      '100.64.1.1',
      '192.0.2.1',
      'not-an-ip',
    ]) {
      expect(isAddressAllowed(a, closed)).toBe(false);
      expect(isAddressAllowed(a, open)).toBe(false);
    }
  });
});

describe('resolveChecked', () => {
  it('refuses a name when any of its addresses is refused (round-robin cannot pass one time in N)', async () => {
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const refused = resolveChecked('mixed.example', { allowPrivateNetworks: false }, resolve);
    await expect(refused).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(refused).rejects.toMatchObject({ code: 'blocked_address', addressClass: 'private' });
  });
  it('checks an IP literal without asking the resolver', async () => {
    const resolve = vi.fn<Resolver>();
    await expect(resolveChecked('[::1]', { allowPrivateNetworks: false }, resolve)).rejects.toMatchObject({ code: 'blocked_address' });
    await expect(resolveChecked('8.8.8.8', { allowPrivateNetworks: false }, resolve)).resolves.toEqual([{ address: '8.8.8.8', family: 4 }]);
    expect(resolve).not.toHaveBeenCalled();
  });
  it('treats an empty answer as a name without address', async () => {
    await expect(resolveChecked('nothing.example', { allowPrivateNetworks: true }, async () => [])).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('createGuardedDispatcher', () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  const hosts: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hosts.push(req.headers.host ?? '');
      res.end('reached');
    });
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** A connector that records what it was asked to open, wrapping undici's real one (for loopback only). */
  function spyConnector() {
    const real = buildConnector({ timeout: 2_000 });
    return vi.fn<buildConnector.connector>((options, callback) => real(options, callback));
  }
  /**
   * A connector that records and opens nothing: where a test expects a refusal, a broken guard
   * must fail the test without sending a packet anywhere off this machine's loopback.
   */
  function recordingConnector() {
    return vi.fn<buildConnector.connector>((_options, callback) => callback(new Error('recorded, not connected'), null));
  }

  it.each(['169.254.169.254', '0.0.0.0', '::', 'fe80::1', '::ffff:169.254.169.254'])(
    'refuses a name resolving to %s before any connection, even with private networks allowed',
    async (answer) => {
      const connector = recordingConnector();
      const resolve: Resolver = async () => [{ address: answer, family: answer.includes(':') ? 6 : 4 }];
      const dispatcher = createGuardedDispatcher({ allowPrivateNetworks: true, resolve, connector });
      try {
        await expect(request(`http://metadata.example:${port}/latest/meta-data/`, { dispatcher })).rejects.toMatchObject({ code: 'blocked_address' });
        expect(connector).not.toHaveBeenCalled();
      } finally {
        await dispatcher.close();
      }
    },
  );

  it('DNS rebinding: a public-looking name that resolves to 127.0.0.1 gets no connection while private networks are refused', async () => {
    const before = connections;
    const connector = spyConnector();
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const dispatcher = createGuardedDispatcher({ allowPrivateNetworks: false, resolve, connector });
    try {
      const error = await request(`http://rebind.example:${port}/feed.xml`, { dispatcher }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BlockedAddressError);
      expect((error as BlockedAddressError).message).toBe('The address of rebind.example is a loopback address, which is not allowed.');
      expect(connector).not.toHaveBeenCalled();
      expect(connections).toBe(before);
    } finally {
      await dispatcher.close();
    }
  });

  it('with private networks allowed, the same request reaches the 127.0.0.1 server, connected by the checked address', async () => {
    const before = connections;
    const connector = spyConnector();
    const resolve = vi.fn<Resolver>(async () => [{ address: '127.0.0.1', family: 4 }]);
    const dispatcher = createGuardedDispatcher({ allowPrivateNetworks: true, resolve, connector });
    try {
      const answer = await request(`http://rebind.example:${port}/feed.xml`, { dispatcher });
      expect(answer.statusCode).toBe(200);
      expect(await answer.body.text()).toBe('reached');
      expect(connections).toBe(before + 1);
      expect(resolve).toHaveBeenCalledWith('rebind.example');
      expect(connector).toHaveBeenCalledOnce();
      expect(connector.mock.calls[0]![0]).toMatchObject({ hostname: '127.0.0.1', servername: 'rebind.example' });
      // The origin's name is what the server sees: only the socket went to the checked number.
      expect(hosts.at(-1)).toBe(`rebind.example:${port}`);
    } finally {
      await dispatcher.close();
    }
  });

  it('refuses a literal http://0.0.0.0:port/ before connecting, even with private networks allowed', async () => {
    const before = connections;
    const connector = recordingConnector();
    const resolve = vi.fn<Resolver>();
    const dispatcher = createGuardedDispatcher({ allowPrivateNetworks: true, resolve, connector });
    try {
      await expect(request(`http://0.0.0.0:${port}/`, { dispatcher })).rejects.toMatchObject({ code: 'blocked_address', addressClass: 'unspecified' });
      expect(resolve).not.toHaveBeenCalled();
      expect(connector).not.toHaveBeenCalled();
      expect(connections).toBe(before);
    } finally {
      await dispatcher.close();
    }
  });

  it('checks literal IP hosts: 127.0.0.1 refused while private networks are refused, reached when allowed', async () => {
    const closed = createGuardedDispatcher({ allowPrivateNetworks: false, connector: spyConnector() });
    const open = createGuardedDispatcher({ allowPrivateNetworks: true });
    const before = connections;
    try {
      await expect(request(`http://127.0.0.1:${port}/`, { dispatcher: closed })).rejects.toMatchObject({ code: 'blocked_address' });
      await expect(request(`http://[::ffff:127.0.0.1]:${port}/`, { dispatcher: closed })).rejects.toMatchObject({ code: 'blocked_address' });
      expect(connections).toBe(before);
      const answer = await request(`http://127.0.0.1:${port}/`, { dispatcher: open });
      expect(await answer.body.text()).toBe('reached');
      expect(connections).toBe(before + 1);
    } finally {
      await Promise.all([closed.close(), open.close()]);
    }
  });

  it('keeps the host name as the TLS server name, trying the first checked address of each family in turn', async () => {
    // The connector opens nothing here (no traffic leaves this machine): it records and refuses.
    const connector = recordingConnector();
    const resolve: Resolver = async () => [
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '2606:4700:4700::1001', family: 6 },
      { address: '93.184.216.34', family: 4 },
      { address: '93.184.216.35', family: 4 },
    ];
    const dispatcher = createGuardedDispatcher({ allowPrivateNetworks: false, resolve, connector });
    try {
      await expect(request('https://publisher.example/feed', { dispatcher })).rejects.toThrow('recorded, not connected');
      expect(connector.mock.calls.map(([options]) => options)).toEqual([
        expect.objectContaining({ hostname: '2606:4700:4700::1111', servername: 'publisher.example', protocol: 'https:' }),
        expect.objectContaining({ hostname: '93.184.216.34', servername: 'publisher.example', protocol: 'https:' }),
      ]);
    } finally {
      await dispatcher.close();
    }
  });

  it('falls back to the IPv4 address when the IPv6 one refuses the connection', async () => {
    const before = connections;
    const connector = spyConnector();
    // The server listens on 127.0.0.1 only: [::1] refuses (or is unreachable), then 127.0.0.1 answers.
    const resolve: Resolver = async () => [
      { address: '::1', family: 6 },
      { address: '127.0.0.1', family: 4 },
    ];
    const dispatcher = createGuardedDispatcher({ allowPrivateNetworks: true, resolve, connector });
    try {
      const answer = await request(`http://dual.example:${port}/`, { dispatcher });
      expect(await answer.body.text()).toBe('reached');
      expect(connector.mock.calls.map(([options]) => options.hostname)).toEqual(['::1', '127.0.0.1']);
      expect(connections).toBe(before + 1);
    } finally {
      await dispatcher.close();
    }
  });
});
