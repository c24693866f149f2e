// A tiny in-process cache for anonymous page renders. Signed-out visitors all see the same HTML, so a page
// rendered for one of them can serve the others for a couple of seconds: availability is never staler than
// the TTL, and anything with a session cookie (per-user content) bypasses the cache entirely.
// Concurrent misses for one URL share a single render (no thundering herd under load).
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
}

export class MicroCache {
  private readonly entries = new Map<string, { expires: number; page: CachedPage }>();
  private readonly inflight = new Map<string, Promise<CachedPage | null>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.page;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const promise = render()
      .then((page) => {
        // Only plain successful pages are shared; errors and redirects are rendered each time.
        if (page && page.status === 200) {
          if (this.entries.size >= this.maxEntries) this.evictExpired(now);
          if (this.entries.size < this.maxEntries) this.entries.set(key, { expires: Date.now() + this.ttlMs, page });
        }
        return page;
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

/** True when the request carries no session cookie, so the page cannot contain per-user content. */
export function isAnonymous(cookieHeader: string | undefined): boolean {
  return !cookieHeader || !/(?:^|;\s*)sid=/.test(cookieHeader);
}
