/**
 * State shared by every gateway replica: which Credentials were revoked recently (so a cached
 * authentication is never trusted after a revocation, on any replica). Backed by Redis in a
 * deployment, by memory for a single local gateway. Later: rate-limit and quota counters.
 */
export interface SharedState {
  /** Records a revocation for every replica and tells them to drop the Credential from their caches. */
  markRevoked(credentialId: string): Promise<void>;
  /** True when the Credential was revoked recently. Throws when the store cannot answer. */
  isRevoked(credentialId: string): Promise<boolean>;
  /** Called with the id of every revoked Credential, from any replica. */
  onRevoked(listener: (credentialId: string) => void): void;
  /** Called when what was cached can no longer be trusted (the store was unreachable for a while). */
  onReset(listener: () => void): void;
  close(): Promise<void>;
}
