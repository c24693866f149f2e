import { describe, expect, it } from 'vitest';
import { MicroCache, isAnonymous } from './micro-cache';

const page = (body: string, status = 200) => ({ status, headers: [] as [string, string][], body });

describe('MicroCache', () => {
  it('serves a hit within the TTL and renders again after it', async () => {
    const cache = new MicroCache(50);
    let renders = 0;
    const render = async () => page(`v${++renders}`);
    expect((await cache.get('/a', render))!.body).toBe('v1');
    expect((await cache.get('/a', render))!.body).toBe('v1');
    await new Promise((r) => setTimeout(r, 70));
    expect((await cache.get('/a', render))!.body).toBe('v2');
  });

  it('shares one render between concurrent misses', async () => {
    const cache = new MicroCache(1000);
    let renders = 0;
    const render = () => new Promise<ReturnType<typeof page>>((resolve) => setTimeout(() => resolve(page(`v${++renders}`)), 20));
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.get('/b', render)));
    expect(renders).toBe(1);
    expect(new Set(results.map((r) => r!.body))).toEqual(new Set(['v1']));
  });

  it('never keeps errors', async () => {
    const cache = new MicroCache(1000);
    let renders = 0;
    await cache.get('/c', async () => page(`e${++renders}`, 500));
    await cache.get('/c', async () => page(`e${++renders}`, 500));
    expect(renders).toBe(2);
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
