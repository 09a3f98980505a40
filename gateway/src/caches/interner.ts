/**
 * Shares equal values among cache entries. Decoded messages hold their own copy of everything: ten
 * thousand cached Sites on one plan held ten thousand copies of that plan, and as many Credentials
 * as many copies of the same scope list, a fifth of the gateway's live heap under the bench's mix
 * (docs/performance.md#memory-and-the-ai-mix-2026-11-25). Keeps at most `max` distinct values and
 * then starts afresh (entries that share a value keep sharing it). The values must not be mutated.
 */
export class Interner<T> {
  private readonly values = new Map<string, T>();

  constructor(private readonly max = 256) {}

  /** The value kept under `key`, or `value`, kept from now on. */
  of(key: string, value: T): T {
    const known = this.values.get(key);
    if (known !== undefined) return known;
    if (this.values.size >= this.max) this.values.clear();
    this.values.set(key, value);
    return value;
  }
}
