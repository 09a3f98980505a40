/**
 * The gateway's stores in Redis, shared by every replica that uses the same URL and key prefix.
 * One connection serves them all. Commands fail fast while Redis is unreachable (no offline queue,
 * a short command timeout), so a request never hangs on it; callers decide what to do then. A
 * command whose reply was lost is never sent again behind its caller's back (no resend after a
 * reconnect); the calls that change a quota run exactly once per call instead (`once`).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { closeRedis, REDIS_OPTIONS, type Bus } from '@cfs/common/bus';
import { quotaRedisKey, readQuotaUsage } from '@cfs/common/entitlements';
import { RedisRevocationMarkers, revocationMarkerKey } from '@cfs/common/revocations';
import { credentialFactsKey, FIRST_GENERATION, siteFactsKey, siteGenerationKey, subscriptionFactsKey } from '@cfs/common/site-facts';
import type { Logger } from '@cfs/common/logger';
import type {
  FactsFound,
  GatewayStores,
  Hit,
  HitOptions,
  IdempotencyClaim,
  IdempotencyRecord,
  IdempotencyStore,
  QuotaCounter,
  QuotaStore,
  RateLimitStore,
  SharedFactsStore,
  StoredAnswer,
} from './stores.ts';
import { IDEMPOTENCY_TTL_MS } from './stores.ts';

/** Takes a unit of a quota counter only below the limit (-1: unlimited), in one atomic step; sets the expiry once. */
const TAKE = `
local function take(key, limit, expireAt)
  local used = tonumber(redis.call('GET', key) or '0')
  if limit >= 0 and used >= limit then return {0, used} end
  used = redis.call('INCR', key)
  if used == 1 then redis.call('PEXPIREAT', key, expireAt) end
  return {1, used}
end
`;

/** Whether a unit of a quota counter is left (-1: unlimited), taking none. */
const PEEK = `
local function peek(key, limit)
  local used = tonumber(redis.call('GET', key) or '0')
  if limit >= 0 and used >= limit then return {0, used} end
  return {1, used}
end
`;

/**
 * Runs fn once per call id (the key `id`, kept `ttl` ms): a rerun of the call, after a reply that
 * was lost, returns the first run's result and changes nothing.
 */
const ONCE = `
local function once(id, ttl, fn)
  local first = redis.call('GET', id)
  if first then return cjson.decode(first) end
  local result = fn()
  redis.call('SET', id, cjson.encode(result), 'PX', ttl)
  return result
end
`;

/** KEYS: the counter, the call id; ARGV: limit, expiry, the id's TTL. */
const CONSUME = `${TAKE}${ONCE}
return once(KEYS[2], ARGV[3], function() return take(KEYS[1], tonumber(ARGV[1]), ARGV[2]) end)
`;

/** Gives a unit back, never below zero. KEYS: the counter, the call id; ARGV: the id's TTL. */
const REFUND = `${ONCE}
return once(KEYS[2], ARGV[1], function()
  local used = tonumber(redis.call('GET', KEYS[1]) or '0')
  if used > 0 then return redis.call('DECR', KEYS[1]) end
  return 0
end)
`;

/**
 * A fixed window (KEYS[1]): the first hit starts it. Then, when ARGV[2] is '1', the next key is
 * another window read without counting; when ARGV[3] is '1', the next is a revocation marker. Then
 * the shared facts (@cfs/common/site-facts), by ARGV[4]: 'site', the next key is the Site's
 * generation and, when ARGV[5] is '1', the next two its Site and subscription records; 'token',
 * the next is a Credential's record by token key, and the keys it leads to (its marker, its Site's
 * generation and records) are made from the record's ids and the key prefixes ARGV[7..10].
 * When ARGV[11] is '1', the next key is a quota counter, charged (take) only if the window's count
 * is within ARGV[12], the marker was read and is absent, and (ARGV[6] not '') the Site's
 * generation is ARGV[6] (quota limit ARGV[13], expiry ARGV[14]); a charging hit runs once per call
 * id (the key after the counter, its TTL ARGV[15]). ARGV[11] '2' only reads whether a unit is left
 * (peek), on the same conditions, and needs no call id.
 * Returns {count, ms left, other count, other ms left, marker exists (0/1), charged (1 taken or
 * left, 0 refused, -1 not asked or not tried), units used, generation, Credential record, its ms
 * left, its marker (0/1), Site record, its ms left, subscription record, its ms left}, absent
 * records false.
 */
const HIT = `${TAKE}${PEEK}${ONCE}
local function record(key)
  local value = redis.call('GET', key)
  if not value then return false, 0 end
  return value, redis.call('PTTL', key)
end
local function hit()
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
local result = {count, ttl, 0, 0, 0, -1, 0, false, false, 0, 0, false, 0, false, 0}
local next = 2
if ARGV[2] == '1' then
  result[3] = tonumber(redis.call('GET', KEYS[next]) or '0')
  local otherTtl = redis.call('PTTL', KEYS[next])
  if otherTtl > 0 then result[4] = otherTtl end
  next = next + 1
end
if ARGV[3] == '1' then
  result[5] = redis.call('EXISTS', KEYS[next])
  next = next + 1
end
if ARGV[4] == 'site' then
  result[8] = redis.call('GET', KEYS[next]) or '0'
  next = next + 1
  if ARGV[5] == '1' then
    result[12], result[13] = record(KEYS[next])
    result[14], result[15] = record(KEYS[next + 1])
    next = next + 2
  end
elseif ARGV[4] == 'token' then
  result[9], result[10] = record(KEYS[next])
  next = next + 1
  local ok, credential = pcall(cjson.decode, result[9] or 'null')
  if ok and type(credential) == 'table' and type(credential.id) == 'string' and type(credential.siteId) == 'string' then
    -- Keys the record names, not given in KEYS: one Redis (as deployed), not a Redis Cluster.
    result[11] = redis.call('EXISTS', ARGV[7] .. credential.id)
    result[8] = redis.call('GET', ARGV[8] .. credential.siteId) or '0'
    result[12], result[13] = record(ARGV[9] .. credential.siteId)
    result[14], result[15] = record(ARGV[10] .. credential.siteId)
  else
    result[9] = false
  end
end
if ARGV[11] ~= '0' and ARGV[3] == '1' and result[5] == 0 and count <= tonumber(ARGV[12]) and (ARGV[6] == '' or result[8] == ARGV[6]) then
  local taken
  if ARGV[11] == '2' then taken = peek(KEYS[next], tonumber(ARGV[13])) else taken = take(KEYS[next], tonumber(ARGV[13]), ARGV[14]) end
  result[6] = taken[1]
  result[7] = taken[2]
end
return result
end
if ARGV[11] == '1' then return once(KEYS[#KEYS], ARGV[15], hit) end
return hit()
`;

/** Records a Credential (KEYS[1]) unless its marker (KEYS[2]) is set. ARGV: the JSON, its TTL. */
const PUT_CREDENTIAL = `
if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/** Records a Site's fact (KEYS[1]) only while its generation (KEYS[2]) is ARGV[3]. ARGV: the JSON, its TTL, the generation. */
const PUT_SITE_FACT = `
if (redis.call('GET', KEYS[2]) or '0') ~= ARGV[3] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

/**
 * Claims an Idempotency-Key (KEYS[1]) with a lease, unless something is recorded for it (returned).
 * KEYS[2] indexes the Site's keys by claim time: expired ones are dropped, and beyond ARGV[4] keys
 * the oldest are forgotten. ARGV: the running record, lease ms, now ms, max keys, record TTL ms.
 */
const CLAIM = `
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', tonumber(ARGV[3]) - tonumber(ARGV[5]))
redis.call('ZADD', KEYS[2], ARGV[3], KEYS[1])
local excess = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[4])
if excess > 0 then
  local oldest = redis.call('ZPOPMIN', KEYS[2], excess)
  for i = 1, #oldest, 2 do if oldest[i] ~= KEYS[1] then redis.call('DEL', oldest[i]) end end
end
redis.call('PEXPIRE', KEYS[2], ARGV[5])
return false
`;

/**
 * Acts on an Idempotency-Key only for the request holding its lease (ARGV[1]): ARGV[2] 'renew'
 * (PEXPIRE ARGV[3]), 'complete' (SET ARGV[4] PX ARGV[3]) or 'release' (DEL). 1 when it acted.
 */
const HOLDER = `
local value = redis.call('GET', KEYS[1])
if not value then return 0 end
local record = cjson.decode(value)
if record.state ~= 'running' or record.owner ~= ARGV[1] then return 0 end
if ARGV[2] == 'renew' then redis.call('PEXPIRE', KEYS[1], ARGV[3])
elseif ARGV[2] == 'complete' then redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[3])
else redis.call('DEL', KEYS[1]) end
return 1
`;

interface Scripts {
  cfsConsume(key: string, id: string, limit: number, expireAt: number, idTtlMs: number): Promise<[number, number]>;
  cfsRefund(key: string, id: string, idTtlMs: number): Promise<number>;
  cfsClaim(key: string, siteIndex: string, running: string, leaseMs: number, now: number, maxPerSite: number, ttlMs: number): Promise<string | null>;
  cfsHolder(key: string, owner: string, action: 'renew' | 'complete' | 'release', ms?: number, record?: string): Promise<number>;
  cfsHit(keyCount: number, ...keysThenArgs: Array<string | number>): Promise<HitReply>;
  cfsPutCredential(key: string, marker: string, json: string, ttlMs: number): Promise<number>;
  cfsPutSiteFact(key: string, generation: string, json: string, ttlMs: number, expected: string): Promise<number>;
}

/** HIT's reply (null for a record that is absent). */
type HitReply = [
  count: number,
  resetMs: number,
  otherCount: number,
  otherResetMs: number,
  marked: number,
  charged: number,
  used: number,
  generation: string | null,
  credential: string | null,
  credentialTtlMs: number,
  credentialMarked: number,
  site: string | null,
  siteTtlMs: number,
  subscriptions: string | null,
  subscriptionsTtlMs: number,
];

type Connection = Redis & Scripts;

/** Every key of this system in Redis: `<prefix><kind>:<id>`. */
class Keys {
  constructor(readonly prefix: string) {}
  of(kind: 'rl' | 'quota' | 'idem' | 'idem-site' | 'once', id: string): string {
    return kind === 'quota' ? quotaRedisKey(this.prefix, id) : `${this.prefix}${kind}:${id}`;
  }
}

/** The counter outlives its period by a minute, so a late refund still finds it. */
const quotaExpiry = (counter: QuotaCounter) => counter.resetsAt + 60_000;

/** How long a call id is remembered: far longer than the one retry of `once` can take. */
const CALL_ID_TTL_MS = 10_000;

/**
 * A call that changes a quota, run exactly once though its reply may be lost (the connection dropped
 * after Redis ran it, or the command timed out): the call carries a random id, and the script keeps
 * its result under it (ONCE). A call that was sent and not answered is retried once with the same id
 * when the connection is ready again (waiting at most a command timeout): it answers the first run's
 * result, or runs now if the first never reached Redis. A call that could not be sent (the
 * connection down) ran nowhere and fails at once.
 */
async function once<T>(redis: Connection, keys: Keys, call: (id: string) => Promise<T>): Promise<T> {
  const id = keys.of('once', randomUUID());
  const sent = redis.status === 'ready';
  try {
    return await call(id);
  } catch (err) {
    if (!sent || !(await connected(redis, REDIS_OPTIONS.commandTimeout))) throw err;
    return call(id);
  }
}

export class RedisRateLimits implements RateLimitStore {
  constructor(
    private readonly redis: Connection,
    private readonly keys: Keys,
  ) {}

  async hit(bucket: string, windowMs: number, { alsoRead, revocationOf, charge, facts }: HitOptions = {}): Promise<Hit> {
    const { prefix } = this.keys;
    const keys = [this.keys.of('rl', bucket)];
    if (alsoRead !== undefined) keys.push(this.keys.of('rl', alsoRead));
    if (revocationOf !== undefined) keys.push(revocationMarkerKey(prefix, revocationOf));
    let factsArgs: string[] = ['0', '0', '', '', '', '', ''];
    if (facts && 'siteId' in facts) {
      keys.push(siteGenerationKey(prefix, facts.siteId));
      if (facts.records) keys.push(siteFactsKey(prefix, facts.siteId), subscriptionFactsKey(prefix, facts.siteId));
      factsArgs = ['site', facts.records ? '1' : '0', facts.generation ?? '', '', '', '', ''];
    } else if (facts) {
      keys.push(credentialFactsKey(prefix, facts.tokenKey));
      // The prefixes of the keys the Credential's record leads to (the script appends its ids).
      const named = [revocationMarkerKey(prefix, ''), siteGenerationKey(prefix, ''), siteFactsKey(prefix, ''), subscriptionFactsKey(prefix, '')];
      factsArgs = ['token', '0', '', ...named];
    }
    if (charge) keys.push(this.keys.of('quota', charge.counter.key));
    const takes = charge !== undefined && !charge.peek;
    const flags = [alsoRead === undefined ? '0' : '1', revocationOf === undefined ? '0' : '1', ...factsArgs, !charge ? '0' : takes ? '1' : '2'];
    const quota = charge ? [charge.rateLimit, charge.counter.limit ?? -1, quotaExpiry(charge.counter), CALL_ID_TTL_MS] : [];
    const run = (id?: string) => {
      const all = id === undefined ? keys : [...keys, id];
      return this.redis.cfsHit(all.length, ...all, windowMs, ...flags, ...quota);
    };
    // Only a hit that takes a unit runs once per call: a count repeated after a lost reply costs no quota.
    const reply = takes ? await once(this.redis, this.keys, run) : await run();
    const [count, resetMs, otherCount, otherResetMs, marked, charged, used] = reply;
    return {
      count,
      resetMs,
      ...(alsoRead === undefined ? {} : { alsoRead: { count: otherCount, resetMs: otherResetMs } }),
      ...(revocationOf === undefined ? {} : { revoked: marked === 1 }),
      ...(charged === -1 ? {} : { charged: { allowed: charged === 1, used } }),
      ...(facts ? { facts: factsFound(reply) } : {}),
    };
  }
}

/** The shared facts of HIT's reply. */
function factsFound([
  ,
  ,
  ,
  ,
  ,
  ,
  ,
  generation,
  credential,
  credentialTtlMs,
  credentialMarked,
  site,
  siteTtlMs,
  subscriptions,
  subscriptionsTtlMs,
]: HitReply): FactsFound {
  return {
    ...(generation === null ? {} : { generation: String(generation) }),
    ...(credential === null ? {} : { credential: { json: credential, ttlMs: credentialTtlMs, marked: credentialMarked === 1 } }),
    ...(site === null ? {} : { site: { json: site, ttlMs: siteTtlMs } }),
    ...(subscriptions === null ? {} : { subscriptions: { json: subscriptions, ttlMs: subscriptionsTtlMs } }),
  };
}

export class RedisSharedFacts implements SharedFactsStore {
  constructor(
    private readonly redis: Connection,
    private readonly prefix: string,
  ) {}

  async putCredential(tokenKey: string, credentialId: string, json: string, ttlMs: number): Promise<void> {
    await this.redis.cfsPutCredential(credentialFactsKey(this.prefix, tokenKey), revocationMarkerKey(this.prefix, credentialId), json, ttlMs);
  }

  async dropCredential(tokenKey: string): Promise<void> {
    await this.redis.del(credentialFactsKey(this.prefix, tokenKey));
  }

  async generation(siteId: string): Promise<string> {
    return (await this.redis.get(siteGenerationKey(this.prefix, siteId))) ?? FIRST_GENERATION;
  }

  async putSiteFact(kind: 'site' | 'subscriptions', siteId: string, json: string, ttlMs: number, generation: string): Promise<boolean> {
    const key = kind === 'site' ? siteFactsKey(this.prefix, siteId) : subscriptionFactsKey(this.prefix, siteId);
    return (await this.redis.cfsPutSiteFact(key, siteGenerationKey(this.prefix, siteId), json, ttlMs, generation)) === 1;
  }
}

export class RedisQuotas implements QuotaStore {
  constructor(
    private readonly redis: Connection,
    private readonly keys: Keys,
  ) {}

  async consume(counter: QuotaCounter): Promise<{ allowed: boolean; used: number }> {
    const key = this.keys.of('quota', counter.key);
    const [allowed, used] = await once(this.redis, this.keys, (id) =>
      this.redis.cfsConsume(key, id, counter.limit ?? -1, quotaExpiry(counter), CALL_ID_TTL_MS),
    );
    return { allowed: allowed === 1, used };
  }

  async refund(counter: QuotaCounter): Promise<void> {
    const key = this.keys.of('quota', counter.key);
    await once(this.redis, this.keys, (id) => this.redis.cfsRefund(key, id, CALL_ID_TTL_MS));
  }

  usage(keys: string[]): Promise<number[]> {
    return readQuotaUsage(this.redis, this.keys.prefix, keys);
  }
}

export class RedisIdempotency implements IdempotencyStore {
  constructor(
    private readonly redis: Connection,
    private readonly keys: Keys,
    /** How long a Site's index of keys outlives its newest claim (the answers' lifetime). */
    private readonly recordTtlMs: number,
  ) {}

  async claim(c: IdempotencyClaim): Promise<IdempotencyRecord | null> {
    const running: IdempotencyRecord = { state: 'running', fingerprint: c.fingerprint, owner: c.owner };
    const existing = await this.redis.cfsClaim(
      this.keys.of('idem', c.key),
      this.keys.of('idem-site', c.site),
      JSON.stringify(running),
      c.leaseMs,
      Date.now(),
      c.maxPerSite,
      this.recordTtlMs,
    );
    return existing ? (JSON.parse(existing) as IdempotencyRecord) : null;
  }

  async renew(key: string, owner: string, leaseMs: number): Promise<boolean> {
    return (await this.redis.cfsHolder(this.keys.of('idem', key), owner, 'renew', leaseMs)) === 1;
  }

  async complete(key: string, owner: string, fingerprint: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    const done: IdempotencyRecord = { state: 'done', fingerprint, answer };
    await this.redis.cfsHolder(this.keys.of('idem', key), owner, 'complete', ttlMs, JSON.stringify(done));
  }

  async release(key: string, owner: string): Promise<void> {
    await this.redis.cfsHolder(this.keys.of('idem', key), owner, 'release');
  }
}

export function redisStores(options: { url: string; prefix: string; markerTtlSeconds: number; bus: Bus; logger: Logger }): GatewayStores {
  // Commands of concurrent requests go out together, one write per event-loop turn: less CPU in
  // Redis per request (docs/performance.md#libraries-and-telemetry).
  // A command whose reply a dropped connection lost is not resent on reconnect (ioredis's default):
  // its caller already failed on it (or retries it itself, once), so a resend would run it twice.
  const redis = new Redis(options.url, { ...REDIS_OPTIONS, enableAutoPipelining: true, autoResendUnfulfilledCommands: false }) as Connection;
  redis.on('error', (err: Error) => options.logger.warn({ err: { message: err.message } }, 'redis connection error'));
  redis.defineCommand('cfsConsume', { numberOfKeys: 2, lua: CONSUME });
  redis.defineCommand('cfsRefund', { numberOfKeys: 2, lua: REFUND });
  redis.defineCommand('cfsHit', { lua: HIT });
  redis.defineCommand('cfsClaim', { numberOfKeys: 2, lua: CLAIM });
  redis.defineCommand('cfsHolder', { numberOfKeys: 1, lua: HOLDER });
  redis.defineCommand('cfsPutCredential', { numberOfKeys: 2, lua: PUT_CREDENTIAL });
  redis.defineCommand('cfsPutSiteFact', { numberOfKeys: 2, lua: PUT_SITE_FACT });
  const keys = new Keys(options.prefix);
  const revocations = new RedisRevocationMarkers(redis, options.prefix, options.markerTtlSeconds);
  return {
    rateLimits: new RedisRateLimits(redis, keys),
    quotas: new RedisQuotas(redis, keys),
    revocations,
    idempotency: new RedisIdempotency(redis, keys, IDEMPOTENCY_TTL_MS),
    facts: new RedisSharedFacts(redis, options.prefix),
    bus: options.bus,
    ready: (timeoutMs) => connected(redis, timeoutMs),
    close: async () => {
      await Promise.all([closeRedis(redis), options.bus.close()]);
    },
  };
}

function connected(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    timer.unref();
    redis.once('ready', onReady);
  });
}
