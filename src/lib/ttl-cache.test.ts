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
