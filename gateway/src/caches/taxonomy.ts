/**
 * The category keys of the taxonomy, kept in memory so that an unknown key is a 400 before
 * authentication without a service call per request. Loaded on first use, refreshed in the
 * background when older than `refreshMs`, and at once when an import is announced.
 */
import { DomainError } from '@cfs/common/errors';

export class TaxonomyCatalog {
  private keys: Set<string> | undefined;
  private loadedAt = 0;
  private loading: Promise<Set<string>> | undefined;

  constructor(
    private readonly fetchKeys: () => Promise<string[]>,
    private readonly options: { refreshMs: number; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Forget the loaded keys (an import was announced); the next use loads them again. */
  invalidate(): void {
    this.loadedAt = 0;
  }

  private load(): Promise<Set<string>> {
    this.loading ??= this.fetchKeys()
      .then((keys) => {
        this.keys = new Set(keys);
        this.loadedAt = this.now();
        return this.keys;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  /**
   * Reloads now unless the keys are younger than `minAgeMs`: a key missing from the loaded taxonomy
   * may have been imported a moment ago, so an unknown key is checked against fresh keys before it
   * is refused (at most one reload per `minAgeMs`, whatever clients send).
   */
  async freshCategoryKeys(minAgeMs = 1000): Promise<Set<string>> {
    if (this.keys && this.now() - this.loadedAt < minAgeMs) return this.keys;
    try {
      return await this.load();
    } catch (err) {
      if (this.keys) return this.keys;
      throw err instanceof DomainError ? err : new DomainError('SERVICE_UNAVAILABLE');
    }
  }

  async categoryKeys(): Promise<Set<string>> {
    if (this.keys && this.loadedAt > 0 && this.now() - this.loadedAt < this.options.refreshMs) return this.keys;
    if (this.keys && this.loadedAt > 0) {
      // Stale: answer from what we have and refresh in the background.
      void this.load().catch(() => undefined);
      return this.keys;
    }
    try {
      return await this.load();
    } catch (err) {
      if (this.keys) return this.keys;
      throw err instanceof DomainError ? err : new DomainError('SERVICE_UNAVAILABLE');
    }
  }
}
