/**
 * What gateway replicas share in Redis of each Site, so that a replica that has never seen a Site
 * admits it without a service call (gateway/README.md#admission-facts-shared-by-the-replicas): the facts admission needs,
 * each under the id it is looked up by, and each Site's generation, which moves on at every change
 * of its facts. The services that own a fact (account: the Site, its Customer and Plan; feed: its
 * subscriptions) retract it where they announce the change, after their commit: the Site's records
 * are deleted and its generation moves on, in the same step as the announcement (Bus.announceSiteChange in bus.ts).
 * A gateway reads the generation of the Site it admits in every request's one round trip and drops
 * what it cached of a Site whose generation moved on, and writes a record it loaded from the owner
 * only if the generation is still the one it read before the load: a record in Redis is never older
 * than the last change. Credentials need no generation: they change only by revocation, and their
 * revocation marker (revocations.ts) is read with them.
 */

/** `<prefix>facts:cred:<token key>`: a Credential by the hash of its whole token (the gateway's key). */
export const credentialFactsKey = (prefix: string, tokenKey: string) => `${prefix}facts:cred:${tokenKey}`;

/** `<prefix>facts:site:<site id>`: the Site with its Customer and Plan, as ResolveSite answers them. */
export const siteFactsKey = (prefix: string, siteId: string) => `${prefix}facts:site:${siteId}`;

/** `<prefix>facts:subs:<site id>`: the Site's subscribed category keys. */
export const subscriptionFactsKey = (prefix: string, siteId: string) => `${prefix}facts:subs:${siteId}`;

/** `<prefix>facts-gen:<site id>`: the Site's generation, a counter (absent: "0"); never expires, so it never repeats. */
export const siteGenerationKey = (prefix: string, siteId: string) => `${prefix}facts-gen:${siteId}`;

/** The generation of a Site none of whose facts has changed (no counter yet). */
export const FIRST_GENERATION = '0';

interface Expiring {
  value: string;
  expiresAt: number;
}

/**
 * The same in one process (embedded mode, unit tests: the bus is in memory): shared by the owners'
 * in-memory bus and the gateway's in-memory stores, as Redis is shared by processes.
 */
class ProcessSiteFacts {
  private readonly generations = new Map<string, number>();
  private readonly records = new Map<string, Expiring>();

  generation(siteId: string): string {
    return String(this.generations.get(siteId) ?? 0);
  }

  /** The owner's side: the Site's records deleted and its generation moved on. */
  retract(siteId: string): void {
    this.generations.set(siteId, (this.generations.get(siteId) ?? 0) + 1);
    this.records.delete(`site:${siteId}`);
    this.records.delete(`subs:${siteId}`);
  }

  get(key: string, now: number): { value: string; ttlMs: number } | undefined {
    const record = this.records.get(key);
    if (!record) return undefined;
    if (record.expiresAt > now) return { value: record.value, ttlMs: record.expiresAt - now };
    this.records.delete(key);
    return undefined;
  }

  set(key: string, value: string, ttlMs: number, now: number): void {
    if (this.records.size >= 100_000) for (const [k, r] of this.records) if (r.expiresAt <= now) this.records.delete(k);
    this.records.set(key, { value, expiresAt: now + ttlMs });
  }

  delete(key: string): void {
    this.records.delete(key);
  }
}

export const processSiteFacts = new ProcessSiteFacts();
