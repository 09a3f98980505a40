/**
 * Authentication with a short-lived cache, so most requests need no call to the identity service.
 * A cached Credential is used only while it is unexpired and the shared state confirms it was not
 * revoked; every replica also drops it as soon as a revocation is announced. When the shared state
 * cannot answer, the cache is bypassed and identity decides.
 */
import { createHash } from 'node:crypto';
import { unauthenticated } from '@cfs/common/errors';
import type { Logger } from '@cfs/common/logger';
import type { Credential__Output } from '@cfs/protos/generated/cfs/identity/v1/Credential.js';
import type { SharedState } from './state/shared-state.ts';

interface Entry {
  credential: Credential__Output;
  expiresAt: number;
}

export class Authenticator {
  private readonly entries = new Map<string, Entry>();
  private readonly keysById = new Map<string, Set<string>>();

  constructor(
    private readonly state: SharedState,
    private readonly options: { ttlMs: number; maxEntries: number; logger: Logger; now?: () => number },
  ) {
    state.onRevoked((id) => this.evict(id));
    state.onReset(() => this.clear());
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** The id of a Credential this replica already authenticated for this token (no I/O), if any. */
  peek(token: string): string | undefined {
    const entry = this.entries.get(createHash('sha256').update(token).digest('base64url'));
    return entry && entry.expiresAt > this.now() ? entry.credential.id : undefined;
  }

  async authenticate(token: string, fetchCredential: (token: string) => Promise<Credential__Output>): Promise<Credential__Output> {
    return (await this.authenticateDeferring(token, fetchCredential, false)).credential;
  }

  /**
   * Like authenticate; with `defer`, a cached Credential comes back unconfirmed (`confirmed: false`)
   * and the caller must check its revocation marker before anything is served or refused for a
   * reason that comes after authentication — the quota step does it in the same round trip.
   */
  async authenticateDeferring(
    token: string,
    fetchCredential: (token: string) => Promise<Credential__Output>,
    defer: boolean,
  ): Promise<{ credential: Credential__Output; confirmed: boolean }> {
    const key = createHash('sha256').update(token).digest('base64url');
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) {
      const { credential } = entry;
      if (credential.expiresAt && Date.parse(credential.expiresAt) <= this.now()) {
        this.evict(credential.id);
        throw unauthenticated('The credential has expired.');
      }
      if (defer) return { credential, confirmed: false };
      let revoked: boolean | undefined;
      try {
        revoked = await this.state.isRevoked(credential.id);
      } catch (err) {
        this.options.logger.warn({ err: { message: (err as Error).message } }, 'shared state unavailable; authenticating without the cache');
      }
      if (revoked === false) return { credential, confirmed: true };
      this.evict(credential.id);
      if (revoked) throw unauthenticated('The credential has been revoked.');
    }
    const credential = await fetchCredential(token);
    this.store(key, credential);
    return { credential, confirmed: true };
  }

  /** The deferred check: throws UNAUTHENTICATED when the Credential was revoked; Redis trouble → identity decides. */
  async confirm(token: string, credentialId: string, fetchCredential: (token: string) => Promise<Credential__Output>): Promise<void> {
    let revoked: boolean | undefined;
    try {
      revoked = await this.state.isRevoked(credentialId);
    } catch {
      revoked = undefined;
    }
    if (revoked === false) return;
    this.evict(credentialId);
    if (revoked) throw unauthenticated('The credential has been revoked.');
    await fetchCredential(token);
  }

  /** Drops a Credential from this replica's cache. */
  evict(credentialId: string): void {
    for (const key of this.keysById.get(credentialId) ?? []) this.entries.delete(key);
    this.keysById.delete(credentialId);
  }

  clear(): void {
    this.entries.clear();
    this.keysById.clear();
  }

  private store(key: string, credential: Credential__Output): void {
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { credential, expiresAt: this.now() + this.options.ttlMs });
    let keys = this.keysById.get(credential.id);
    if (!keys) this.keysById.set(credential.id, (keys = new Set()));
    keys.add(key);
  }
}
