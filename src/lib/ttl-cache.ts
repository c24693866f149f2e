// A tiny in-process cache for what every signed-out visitor sees alike (page renders, published experience
// JSON, availability). A value computed for one visitor serves the others for a few seconds, so nothing is
// staler than the TTL; callers only use it for requests without a session, so nothing per-user is shared.
// Concurrent misses for one key share a single computation (no thundering herd under load).
/** How much one cache may hold: entries, and (with `sizeOf`) bytes. */
export interface CacheLimits<V> {
  maxEntries: number;
  /** The most bytes the kept values may weigh together, as `sizeOf` counts them. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
}

/** The default bound: a JSON answer per key; callers that keep large values give a byte budget too. */
const DEFAULT_LIMITS = { maxEntries: 500 };

/**
 * The entries live in a Map in the order they were stored; past a limit the oldest go first (expired ones before
 * any live one), so a run of distinct keys (a crawler, a fuzzer) never makes the cache hold more than its limits.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: V; bytes: number }>();
  private readonly inflight = new Map<string, Promise<V>>();
  private totalBytes = 0;

  constructor(
    private readonly ttlMs: number,
    /** Which results may be kept (e.g. only 200 pages); rejected promises are never kept. */
    private readonly keep: (value: V) => boolean = () => true,
    private readonly limits: CacheLimits<V> = DEFAULT_LIMITS,
  ) {}

  /** How many values are kept. */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes of the kept values, as `limits.sizeOf` counts them (0 without it). */
  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return Promise.resolve(hit.value);
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const promise = compute()
      .then((value) => {
        if (this.keep(value)) this.store(key, value);
        return value;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private store(key: string, value: V): void {
    const bytes = this.limits.sizeOf?.(value) ?? 0;
    const maxBytes = this.limits.maxBytes ?? Number.POSITIVE_INFINITY;
    this.remove(key);
    // A value larger than the whole budget is served but not kept.
    if (bytes > maxBytes) return;
    const now = Date.now();
    if (this.entries.size >= this.limits.maxEntries || this.totalBytes + bytes > maxBytes) {
      for (const [k, entry] of this.entries) if (entry.expires <= now) this.remove(k);
    }
    for (const k of this.entries.keys()) {
      if (this.entries.size < this.limits.maxEntries && this.totalBytes + bytes <= maxBytes) break;
      this.remove(k);
    }
    this.entries.set(key, { expires: now + this.ttlMs, value, bytes });
    this.totalBytes += bytes;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }
}

/** A cache when ttlSeconds > 0, else null (callers then compute every time). */
export function publicCache<V>(ttlSeconds: number, keep?: (value: V) => boolean, limits?: CacheLimits<V>): TtlCache<V> | null {
  return ttlSeconds > 0 ? new TtlCache<V>(ttlSeconds * 1000, keep, limits) : null;
}

/** True when the request carries no session cookie, so the response cannot contain per-user content. */
export function isAnonymous(cookieHeader: string | undefined): boolean {
  return !cookieHeader || !/(?:^|;\s*)sid=/.test(cookieHeader);
}
