import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache, isAnonymous, publicCache } from './ttl-cache';

describe('TtlCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves a hit within the TTL and computes again after it', async () => {
    // The clock is moved by hand (Date only), so the result never depends on how busy the machine is.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const cache = new TtlCache<string>(50);
    let computed = 0;
    const compute = async () => `v${++computed}`;
    expect(await cache.get('/a', compute)).toBe('v1');
    vi.setSystemTime(start + 49);
    expect(await cache.get('/a', compute)).toBe('v1');
    vi.setSystemTime(start + 51);
    expect(await cache.get('/a', compute)).toBe('v2');
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = new TtlCache<string>(1000);
    let computed = 0;
    const compute = () => new Promise<string>((resolve) => setTimeout(() => resolve(`v${++computed}`), 20));
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.get('/b', compute)));
    expect(computed).toBe(1);
    expect(new Set(results)).toEqual(new Set(['v1']));
  });

  it('keeps only what the predicate allows, and never a failure', async () => {
    const cache = new TtlCache<{ status: number }>(1000, (v) => v.status === 200);
    let computed = 0;
    await cache.get('/c', async () => ({ status: 500 + 0 * ++computed }));
    await cache.get('/c', async () => ({ status: 500 + 0 * ++computed }));
    expect(computed).toBe(2);
    await expect(cache.get('/d', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('/d', async () => ({ status: 200 }))).toEqual({ status: 200 });
  });

  it('never holds more than its entry limit after any number of distinct keys, dropping the oldest first', async () => {
    const cache = new TtlCache<string>(60_000, undefined, { maxEntries: 100 });
    for (let i = 0; i < 5000; i++) await cache.get(`/stories?q=${i}`, async () => `page ${i}`);
    expect(cache.size).toBe(100);
    let computed = 0;
    const again = async () => `again ${++computed}`;
    // The newest hundred are kept; the first ones were dropped.
    expect(await cache.get('/stories?q=4999', again)).toBe('page 4999');
    expect(await cache.get('/stories?q=4900', again)).toBe('page 4900');
    expect(await cache.get('/stories?q=0', again)).toBe('again 1');
    expect(cache.size).toBe(100);
  });

  it('never holds more bytes than its budget, and serves a value larger than the budget without keeping it', async () => {
    const cache = new TtlCache<Buffer>(60_000, undefined, { maxEntries: 1000, maxBytes: 1000, sizeOf: (b) => b.length });
    for (let i = 0; i < 3000; i++) {
      await cache.get(`/k${i}`, async () => Buffer.alloc(30 + (i % 7)));
      expect(cache.bytes).toBeLessThanOrEqual(1000);
    }
    expect(cache.size).toBeGreaterThanOrEqual(27);
    expect(cache.size).toBeLessThanOrEqual(33);
    const big = await cache.get('/big', async () => Buffer.alloc(1001));
    expect(big.length).toBe(1001);
    let computed = 0;
    await cache.get('/big', async () => Buffer.alloc(++computed));
    expect(computed).toBe(1);
    expect(cache.bytes).toBeLessThanOrEqual(1000);
  });

  it('drops every expired entry when full, not only the oldest', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const cache = new TtlCache<string>(50, undefined, { maxEntries: 3 });
    for (const key of ['/a', '/b', '/c']) await cache.get(key, async () => key);
    vi.setSystemTime(start + 51);
    await cache.get('/d', async () => 'd');
    expect(cache.size).toBe(1);
  });

  it('is off for a zero TTL', () => {
    expect(publicCache(0)).toBeNull();
    expect(publicCache(2)).toBeInstanceOf(TtlCache);
  });
});

describe('isAnonymous', () => {
  it('is false as soon as a session cookie is present', () => {
    expect(isAnonymous(undefined)).toBe(true);
    expect(isAnonymous('theme=dark')).toBe(true);
    expect(isAnonymous('sid=s%3Aabc')).toBe(false);
    expect(isAnonymous('theme=dark; sid=s%3Aabc')).toBe(false);
    expect(isAnonymous('xsid=1')).toBe(true);
  });
});
