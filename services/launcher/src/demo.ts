/**
 * First run of the embedded system: a demo customer on the pro plan whose Site is subscribed to
 * two demo categories and has an SEO profile (its feed is personalized by the built-in AI provider
 * within seconds), and the demo articles' images. Its owner Credential is printed once, on
 * stdout, as a plain line; later runs only say where the demo Site is.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { callUnary } from '@cfs/common/grpc';
import { runAdminCommand, type AdminClients } from '@cfs/admin';

/** A small solid-colour PNG (an image for the demo articles' imageKey). */
export function demoPng(r: number, g: number, b: number, size = 16): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => [r, g, b][i % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface DemoRecord {
  siteId: string;
  customerId: string;
}

export const DEMO_EMAIL = 'demo@example.com';

export interface DemoSeed {
  created: boolean;
  siteId: string;
  /** The owner Credential's secret: on the first start only. */
  token?: string;
  /** The dashboard's sign-in link: an invitation (sets the password) while the demo user has none. */
  signIn: string;
}

/** The dashboard link for the demo customer: a fresh invitation until its password is set, then the sign-in page. */
async function demoSignIn(clients: AdminClients, customerId: string): Promise<string> {
  try {
    const { invite } = (await runAdminCommand(['user', 'invite', '--customer', customerId, '--email', DEMO_EMAIL], clients)) as { invite: { url: string } };
    return invite.url;
  } catch (err) {
    if ((err as { code?: string }).code === 'CONFLICT') return `${clients.dashboardUrl}sign-in (${DEMO_EMAIL} and the password you set)`;
    throw err;
  }
}

export async function seedDemo(options: { dataDir: string; baseUrl: string; clients: AdminClients; imageKeys: string[] }): Promise<DemoSeed> {
  const marker = path.join(options.dataDir, 'demo.json');
  if (existsSync(marker)) {
    const record = JSON.parse(readFileSync(marker, 'utf8')) as DemoRecord;
    return { created: false, siteId: record.siteId, signIn: await demoSignIn(options.clients, record.customerId) };
  }
  const owner = (await runAdminCommand(
    [
      'customer',
      'create',
      '--name',
      'Demo Publisher',
      '--email',
      DEMO_EMAIL,
      '--plan',
      'pro',
      '--site-name',
      'Demo Site',
      '--site-url',
      'https://demo.example.com',
    ],
    options.clients,
  )) as { customer: { id: string }; site: { id: string }; credential: { secret: string }; invite: { url: string } };
  await callUnary(options.clients.account, 'ResolveSite', { siteId: owner.site.id }, { deadlineMs: options.clients.deadlineMs });
  const subscribed = await fetch(`${options.baseUrl}/api/v1/subscriptions`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.credential.secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ categories: ['technology', 'science'] }),
  });
  if (!subscribed.ok) throw new Error(`could not subscribe the demo site (${subscribed.status})`);
  // An SEO profile, so the built-in provider's variants (services/media/README.md#ai-providers) read differently from the originals.
  const profiled = await fetch(`${options.baseUrl}/api/v1/seo-profile`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.credential.secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ siteName: 'Demo Site', locale: 'en', keywords: ['science news', 'tech explained'], tone: 'friendly', topics: ['space', 'gadgets'] }),
  });
  if (!profiled.ok) throw new Error(`could not set the demo site's SEO profile (${profiled.status})`);
  const colours: Array<[number, number, number]> = [
    [37, 99, 235],
    [22, 163, 74],
    [220, 38, 38],
    [234, 179, 8],
    [147, 51, 234],
    [8, 145, 178],
  ];
  for (const [i, key] of options.imageKeys.entries()) {
    const [r, g, b] = colours[i % colours.length]!;
    await callUnary(
      options.clients.mediaAdmin,
      'PutObject',
      { key, contentType: 'image/png', data: demoPng(r, g, b) },
      { deadlineMs: options.clients.deadlineMs },
    );
  }
  writeFileSync(marker, JSON.stringify({ siteId: owner.site.id, customerId: owner.customer.id } satisfies DemoRecord));
  return { created: true, siteId: owner.site.id, token: owner.credential.secret, signIn: owner.invite.url };
}
