// A tiny in-process cache for what every signed-out visitor sees alike (page renders, published experience
// JSON, availability). A value computed for one visitor serves the others for a few seconds, so nothing is
// staler than the TTL; callers only use it for requests without a session, so nothing per-user is shared.
// Concurrent misses for one key share a single computation (no thundering herd under load).
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: V }>();
  private readonly inflight = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    /** Which results may be kept (e.g. only 200 pages); rejected promises are never kept. */
    private readonly keep: (value: V) => boolean = () => true,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return Promise.resolve(hit.value);
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const promise = compute()
      .then((value) => {
        if (this.keep(value)) {
          if (this.entries.size >= this.maxEntries) this.evictExpired(Date.now());
          this.entries.set(key, { expires: Date.now() + this.ttlMs, value });
        }
        return value;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}

/** A cache when ttlSeconds > 0, else null (callers then compute every time). */
export function publicCache<V>(ttlSeconds: number, keep?: (value: V) => boolean): TtlCache<V> | null {
  return ttlSeconds > 0 ? new TtlCache<V>(ttlSeconds * 1000, keep) : null;
}

/** True when the request carries no session cookie, so the response cannot contain per-user content. */
export function isAnonymous(cookieHeader: string | undefined): boolean {
  return !cookieHeader || !/(?:^|;\s*)sid=/.test(cookieHeader);
}
