/**
 * A small in-process cache: an entry lives `ttlMs` after it was stored, and past `maxEntries` the oldest
 * entry goes. It keeps the promise of a value, so concurrent misses on one key share a single
 * computation; a rejected computation is forgotten at once. A TTL of 0 turns the cache off.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  /** The cached value of `key`, or `compute()`'s, which is then kept for the TTL. */
  getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return compute();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    this.entries.delete(key);
    const value = compute();
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const entry = { value, expiresAt: this.now() + this.ttlMs };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets everything (after a write that may change any cached value). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
