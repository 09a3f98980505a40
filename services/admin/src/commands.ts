/**
 * The operator commands (docs/operations.md#the-operator-cli). Each returns one JSON-serializable object; failures
 * are DomainErrors (the service's public code and safe message) or UsageErrors.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DomainError } from '@cfs/common/errors';
import { callUnary } from '@cfs/common/grpc';
import { CONTENT_FEED_PRODUCT } from '@cfs/common/products';
import { parseOrRefuse, userEmail } from '@cfs/common/rules';
import { CUSTOMER_SCOPES } from '@cfs/common/scopes';
import { newServiceTokens } from '@cfs/common/service-auth';
import type { Source as SourceMessage } from '@cfs/protos/generated/cfs/feed/v1/Source.js';
import type { AdminClients } from './clients.ts';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A command's flags: `string` ones take a value, `boolean` ones none (they arrive as "true" when given). */
type Options = Record<string, { type: 'string' | 'boolean'; short?: string }>;
type Command = {
  usage: string;
  options: Options;
  required: string[];
  run: (args: Record<string, string | undefined>, clients: AdminClients) => Promise<Record<string, unknown>>;
};

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0 || Number(value) > 2 ** 31 - 1) throw new UsageError(`--${flag} must be a positive integer`);
  return Number(value);
}

/** A one-time invitation to the dashboard (72 h): the link sets the user's password. */
async function invite(clients: AdminClients, customerId: string, email: string) {
  const { user, invitationToken, expiresAt } = await callUnary(clients.identity, 'InviteUser', { customerId, email }, { deadlineMs: clients.deadlineMs });
  if (!user) throw new DomainError('INTERNAL_ERROR');
  return { email: user.email, url: `${clients.dashboardUrl}invitations/${invitationToken}`, expiresAt };
}

async function resolveSite(clients: AdminClients, siteId: string) {
  const { site, customer } = await callUnary(clients.account, 'ResolveSite', { siteId }, { deadlineMs: clients.deadlineMs });
  if (!site || !customer) throw new DomainError('INTERNAL_ERROR');
  return { site, customer };
}

export const COMMANDS: Record<string, Command> = {
  'customer create': {
    usage: 'customer create --name N --email E [--plan P] [--site-name N] [--site-url U]',
    options: { name: { type: 'string' }, email: { type: 'string' }, plan: { type: 'string' }, 'site-name': { type: 'string' }, 'site-url': { type: 'string' } },
    required: ['name', 'email'],
    run: async (args, clients) => {
      const deadlineMs = clients.deadlineMs;
      // What could refuse the steps after the Customer exists is checked before it is created: the
      // owner's e-mail by the dashboard Users' rule (stricter than a contact address's). A new
      // Customer has no Users and no invitations, so its owner's invitation can neither conflict nor
      // be rate-limited, whichever Customers the e-mail already belongs to.
      const email = parseOrRefuse(userEmail, args.email!, { where: 'email' });
      const { customer, site } = await callUnary(
        clients.accountAdmin,
        'CreateCustomer',
        { name: args.name!, email, plan: args.plan ?? '', siteName: args['site-name'] ?? '', siteUrl: args['site-url'] ?? '' },
        { deadlineMs },
      );
      if (!customer || !site) throw new DomainError('INTERNAL_ERROR');
      // Only an outage can still stop a step now: the error then says what exists and how to finish.
      const then = async <T>(finish: string[], step: () => Promise<T>): Promise<T> =>
        step().catch((err: unknown) => {
          if (!(err instanceof DomainError)) throw err;
          throw new DomainError(
            err.code,
            `${err.message} Customer ${customer.id} and its Site ${site.id} were created; finish with ${finish.map((c) => `\`${c}\``).join(' and ')}.`,
          );
        });
      const inviteCommand = `user invite --customer ${customer.id} --email ${email}`;
      const credentialCommand = `credential create --site ${site.id} --scopes ${CUSTOMER_SCOPES.join(',')} --name Owner`;
      const { credential, secret } = await then([credentialCommand, inviteCommand], () =>
        callUnary(
          clients.identity,
          'CreateCredential',
          { siteId: site.id, customerId: customer.id, name: 'Owner', scopes: [...CUSTOMER_SCOPES], audience: CONTENT_FEED_PRODUCT },
          { deadlineMs },
        ),
      );
      if (!credential) throw new DomainError('INTERNAL_ERROR');
      return {
        customer: { id: customer.id, name: customer.name, email: customer.email },
        site: { id: site.id, name: site.name, plan: site.plan },
        credential: { id: credential.id, secret, scopes: credential.scopes, audience: credential.audience },
        invite: await then([inviteCommand], () => invite(clients, customer.id, email)),
      };
    },
  },
  'user invite': {
    usage: 'user invite --customer C --email E   (a one-time link to the dashboard, valid 72 hours)',
    options: { customer: { type: 'string' }, email: { type: 'string' } },
    required: ['customer', 'email'],
    run: async (args, clients) => {
      const { customer } = await callUnary(clients.account, 'GetCustomer', { customerId: args.customer! }, { deadlineMs: clients.deadlineMs });
      if (!customer) throw new DomainError('INTERNAL_ERROR');
      return { customer: { id: customer.id, name: customer.name }, invite: await invite(clients, customer.id, args.email!) };
    },
  },
  'credential create': {
    usage: 'credential create --site S --scopes a,b [--audience A] [--expires-in SECONDS] [--name N]',
    options: { site: { type: 'string' }, scopes: { type: 'string' }, audience: { type: 'string' }, 'expires-in': { type: 'string' }, name: { type: 'string' } },
    required: ['site', 'scopes'],
    run: async (args, clients) => {
      const expiresIn = positiveInt(args['expires-in'], 'expires-in');
      const scopes = args
        .scopes!.split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const { site, customer } = await resolveSite(clients, args.site!);
      const { credential, secret } = await callUnary(
        clients.identity,
        'CreateCredential',
        {
          siteId: site.id,
          customerId: customer.id,
          name: args.name ?? 'Operator-issued credential',
          scopes,
          audience: args.audience ?? CONTENT_FEED_PRODUCT,
          ...(expiresIn ? { expiresAt: new Date(Date.now() + expiresIn * 1000).toISOString() } : {}),
        },
        { deadlineMs: clients.deadlineMs },
      );
      if (!credential) throw new DomainError('INTERNAL_ERROR');
      return {
        id: credential.id,
        secret,
        name: credential.name,
        siteId: credential.siteId,
        scopes: credential.scopes,
        audience: credential.audience,
        expiresAt: credential.expiresAt ?? null,
        createdAt: credential.createdAt,
      };
    },
  },
  'credential revoke': {
    usage: 'credential revoke --site S --credential C',
    options: { site: { type: 'string' }, credential: { type: 'string' } },
    required: ['site', 'credential'],
    run: async (args, clients) => {
      const { site, customer } = await resolveSite(clients, args.site!);
      const { credential } = await callUnary(
        clients.identity,
        'RevokeCredential',
        { credentialId: args.credential!, siteId: site.id, customerId: customer.id },
        { deadlineMs: clients.deadlineMs },
      );
      if (!credential) throw new DomainError('INTERNAL_ERROR');
      return { id: credential.id, siteId: credential.siteId, revokedAt: credential.revokedAt ?? null };
    },
  },
  'site set-plan': {
    usage: 'site set-plan --site S --plan P',
    options: { site: { type: 'string' }, plan: { type: 'string' } },
    required: ['site', 'plan'],
    run: async (args, clients) => {
      const { site } = await callUnary(clients.accountAdmin, 'SetSitePlan', { siteId: args.site!, plan: args.plan! }, { deadlineMs: clients.deadlineMs });
      if (!site) throw new DomainError('INTERNAL_ERROR');
      return { site: { id: site.id, name: site.name, plan: site.plan } };
    },
  },
  'connection-code create': {
    usage: 'connection-code create --site S [--expires-in SECONDS]',
    options: { site: { type: 'string' }, 'expires-in': { type: 'string' } },
    required: ['site'],
    run: async (args, clients) => {
      const expiresIn = positiveInt(args['expires-in'], 'expires-in') ?? 0;
      const { site, customer } = await resolveSite(clients, args.site!);
      const { code, expiresAt } = await callUnary(
        clients.identity,
        'CreateConnectionCode',
        { siteId: site.id, customerId: customer.id, expiresInSeconds: expiresIn },
        { deadlineMs: clients.deadlineMs },
      );
      return { code, expiresAt };
    },
  },
};

function readInput(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${file}`);
  }
}

/** Article lines are sent in batches; the service validates each line and reports rejections. */
const ARTICLE_BATCH = 1000;

COMMANDS['taxonomy import'] = {
  usage: 'taxonomy import --file F.json   ({"categories":[{"key","name","topics":[{"key","name"}]}]})',
  options: { file: { type: 'string' } },
  required: ['file'],
  run: async (args, clients) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readInput(args.file!));
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError(`${args.file} is not valid JSON`);
    }
    const categories = (parsed as { categories?: unknown }).categories;
    if (!Array.isArray(categories)) throw new UsageError('the file must be an object with a "categories" array');
    const { created, updated } = await callUnary(clients.feedAdmin, 'ImportTaxonomy', { categories }, { deadlineMs: clients.deadlineMs });
    return { created, updated };
  },
};

COMMANDS['articles import'] = {
  usage: 'articles import --file F.jsonl   (one article a line: {"id"?,"title","url","summary"?,"publishedAt","categories":[…],"imageKey"?})',
  options: { file: { type: 'string' } },
  required: ['file'],
  run: async (args, clients) => {
    const lines = readInput(args.file!)
      .split(/\r?\n/)
      .map((json, i) => ({ line: i + 1, json }))
      .filter((l) => l.json.trim() !== '');
    let imported = 0;
    const rejected: Array<{ line: number; reason: string }> = [];
    for (let i = 0; i < lines.length; i += ARTICLE_BATCH) {
      const result = await callUnary(clients.feedAdmin, 'ImportArticles', { articles: lines.slice(i, i + ARTICLE_BATCH) }, { deadlineMs: clients.deadlineMs });
      imported += result.imported;
      rejected.push(...result.rejected.map((r) => ({ line: r.line, reason: r.reason })));
    }
    return { imported, rejected };
  },
};

COMMANDS['articles remove'] = {
  usage: 'articles remove --id ID[,ID…]   (they leave every feed; the changes feed reports each as deleted)',
  options: { id: { type: 'string' } },
  required: ['id'],
  run: async (args, clients) => {
    const ids = args
      .id!.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const { removed } = await callUnary(clients.feedAdmin, 'RemoveArticles', { ids }, { deadlineMs: clients.deadlineMs });
    return { removed };
  },
};

COMMANDS['ai-usage record'] = {
  usage: 'ai-usage record --site S --units N [--kind K]',
  options: { site: { type: 'string' }, units: { type: 'string' }, kind: { type: 'string' } },
  required: ['site', 'units'],
  run: async (args, clients) => {
    const units = positiveInt(args.units, 'units')!;
    const { site } = await resolveSite(clients, args.site!);
    const { used } = await callUnary(
      clients.mediaAdmin,
      'RecordAiUsage',
      { siteId: site.id, units, kind: args.kind ?? '' },
      { deadlineMs: clients.deadlineMs },
    );
    return { siteId: site.id, units, kind: args.kind ?? 'generation', usedThisMonth: Number(used) };
  },
};

COMMANDS['ai-images set-status'] = {
  usage: 'ai-images set-status --status operational|degraded|paused   (paused stops new AI calls; operational hands back to the computed status)',
  options: { status: { type: 'string' } },
  required: ['status'],
  run: async (args, clients) => {
    const { status, updatedAt } = await callUnary(clients.mediaAdmin, 'SetAiImagesStatus', { status: args.status! }, { deadlineMs: clients.deadlineMs });
    return { status, updatedAt };
  },
};

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  txt: 'text/plain',
  json: 'application/json',
};

COMMANDS['media put'] = {
  usage: 'media put --key K --file F [--content-type T]   (type guessed from the extension otherwise)',
  options: { key: { type: 'string' }, file: { type: 'string' }, 'content-type': { type: 'string' } },
  required: ['key', 'file'],
  run: async (args, clients) => {
    let data: Buffer;
    try {
      data = readFileSync(args.file!);
    } catch {
      throw new UsageError(`cannot read ${args.file}`);
    }
    const extension = args.key!.split('.').pop()?.toLowerCase() ?? '';
    const contentType = args['content-type'] ?? CONTENT_TYPES[extension] ?? 'application/octet-stream';
    const result = await callUnary(clients.mediaAdmin, 'PutObject', { key: args.key!, contentType, data }, { deadlineMs: clients.deadlineMs });
    return { key: result.key, size: Number(result.size), etag: result.etag, contentType, url: `/media/generated/${result.key}` };
  },
};

COMMANDS['service-tokens generate'] = {
  usage: 'service-tokens generate   (a new token per caller, and the SERVICE_CALLERS value every service needs)',
  options: {},
  required: [],
  run: async () => {
    const { tokens, callers } = newServiceTokens();
    return { tokens, serviceCallers: callers };
  },
};

/** A fetch waits for the publisher (30 s at most by default) and for a fetch of the same Source under way. */
const SOURCE_FETCH_DEADLINE_MS = 120_000;

function sourceJson(source: SourceMessage | null | undefined) {
  if (!source) throw new DomainError('INTERNAL_ERROR');
  return {
    id: source.id,
    url: source.url,
    name: source.name,
    categories: source.categories,
    intervalSeconds: source.intervalSeconds,
    status: source.status,
    lastFetchAt: source.lastFetchAt ?? null,
    lastSuccessAt: source.lastSuccessAt ?? null,
    nextFetchAt: source.nextFetchAt ?? null,
    lastError: source.lastError ? { code: source.lastError.code, message: source.lastError.message } : null,
    articles: source.articles,
  };
}

const sourceId = { id: { type: 'string' } } as const;

COMMANDS['source add'] = {
  usage: 'source add --url U --categories a,b [--name N] [--interval SECONDS]   (fetches once; refuses what answers no feed)',
  options: { url: { type: 'string' }, categories: { type: 'string' }, name: { type: 'string' }, interval: { type: 'string' } },
  required: ['url', 'categories'],
  run: async (args, clients) => {
    const intervalSeconds = positiveInt(args.interval, 'interval') ?? 0;
    const categories = args
      .categories!.split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const { source } = await callUnary(
      clients.feedAdmin,
      'AddSource',
      { url: args.url!, categories, name: args.name ?? '', intervalSeconds },
      { deadlineMs: Math.max(clients.deadlineMs, SOURCE_FETCH_DEADLINE_MS) },
    );
    return { source: sourceJson(source) };
  },
};

COMMANDS['source list'] = {
  usage: 'source list [--failing]',
  options: { failing: { type: 'boolean' } },
  required: [],
  run: async (args, clients) => {
    const { sources } = await callUnary(clients.feedAdmin, 'ListSources', { failing: args.failing === 'true' }, { deadlineMs: clients.deadlineMs });
    return { data: sources.map(sourceJson) };
  },
};

COMMANDS['source show'] = {
  usage: 'source show --id S',
  options: sourceId,
  required: ['id'],
  run: async (args, clients) => {
    const { source } = await callUnary(clients.feedAdmin, 'GetSource', { id: args.id! }, { deadlineMs: clients.deadlineMs });
    return { source: sourceJson(source) };
  },
};

COMMANDS['source fetch'] = {
  usage: 'source fetch --id S   (fetches now and waits: {outcome, status, created, updated, unchanged, rejected})',
  options: sourceId,
  required: ['id'],
  run: async (args, clients) => {
    const { fetch } = await callUnary(
      clients.feedAdmin,
      'FetchSource',
      { id: args.id! },
      { deadlineMs: Math.max(clients.deadlineMs, SOURCE_FETCH_DEADLINE_MS) },
    );
    if (!fetch) throw new DomainError('INTERNAL_ERROR');
    return {
      outcome: fetch.outcome,
      status: fetch.status,
      created: fetch.created,
      updated: fetch.updated,
      unchanged: fetch.unchanged,
      rejected: fetch.rejected.map((r) => ({ item: r.item, reason: r.reason })),
    };
  },
};

for (const [verb, rpc] of [
  ['pause', 'PauseSource'],
  ['resume', 'ResumeSource'],
] as const) {
  COMMANDS[`source ${verb}`] = {
    usage: `source ${verb} --id S`,
    options: sourceId,
    required: ['id'],
    run: async (args, clients) => {
      const { source } = await callUnary(clients.feedAdmin, rpc, { id: args.id! }, { deadlineMs: clients.deadlineMs });
      return { source: sourceJson(source) };
    },
  };
}

COMMANDS['source remove'] = {
  usage: 'source remove --id S [--remove-articles]   (its articles stay in the feeds unless --remove-articles)',
  options: { ...sourceId, 'remove-articles': { type: 'boolean' } },
  required: ['id'],
  run: async (args, clients) => {
    const { articlesRemoved } = await callUnary(
      clients.feedAdmin,
      'RemoveSource',
      { id: args.id!, removeArticles: args['remove-articles'] === 'true' },
      { deadlineMs: Math.max(clients.deadlineMs, SOURCE_FETCH_DEADLINE_MS) },
    );
    return { removed: true, articlesRemoved };
  },
};

export function usage(): string {
  return ['Usage: npm run -s admin -- <command>', ...Object.values(COMMANDS).map((c) => `  ${c.usage}`)].join('\n');
}

/** Runs one command line (without the program name) and returns its JSON answer. */
export async function runAdminCommand(argv: string[], clients: AdminClients): Promise<Record<string, unknown>> {
  const name = argv.slice(0, 2).join(' ');
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${name}"\n${usage()}`);
  let values: Record<string, string | undefined>;
  try {
    const parsed = parseArgs({ args: argv.slice(2), options: command.options, strict: true, allowPositionals: false });
    values = Object.fromEntries(Object.entries(parsed.values).map(([k, v]) => [k, v === true ? 'true' : typeof v === 'string' ? v : undefined]));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\nusage: ${command.usage}`);
  }
  const missing = command.required.filter((flag) => values[flag] === undefined);
  if (missing.length) throw new UsageError(`missing ${missing.map((f) => `--${f}`).join(', ')}\nusage: ${command.usage}`);
  return command.run(values, clients);
}
