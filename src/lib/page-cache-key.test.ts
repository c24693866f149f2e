import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageCacheKey } from '#src/lib/page-cache-key';

const PAGES = fileURLToPath(new URL('../../pages', import.meta.url));

/** Every source file under pages/ (relative paths). */
function sources(dir = PAGES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(PAGES, full)] : [];
  });
}

/** The URL path of a page folder: `@id` segments become 1, `index` folders are their parent. */
function routeOf(file: string): string {
  const segments = path
    .dirname(file)
    .split(path.sep)
    .filter((s) => s !== '.' && s !== 'index')
    .map((s) => (s.startsWith('@') ? '1' : s));
  return `/${segments.join('/')}`;
}

/** The query parameter names a page source reads from Vike's urlParsed (`urlParsed.search.x`, `search.x`, `searchAll`). */
function parametersRead(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/urlParsed\.search\.(\w+)|(?<![\w.])search\.(\w+)|searchAll(?:\.(\w+)|\[['"]([^'"]+)['"]\])/g)) {
    names.add(m[1] ?? m[2] ?? m[3] ?? m[4]);
  }
  return [...names];
}

describe('pageCacheKey', () => {
  it('drops every query parameter of a page that reads none', () => {
    expect(pageCacheKey('/stories/1')).toBe('/stories/1');
    expect(pageCacheKey('/stories/1?utm_source=x&r=123')).toBe('/stories/1');
    expect(pageCacheKey('/stories/1/calendars?fbclid=abc')).toBe('/stories/1/calendars');
    expect(pageCacheKey('/?r=1')).toBe('/');
    expect(pageCacheKey('/users/3?x=1')).toBe('/users/3');
    expect(pageCacheKey('/inquiry?page=2')).toBe('/inquiry');
  });

  it('keeps and sorts the parameters a page reads, and drops the others', () => {
    expect(pageCacheKey('/stories?page=2')).toBe('/stories?page=2');
    expect(pageCacheKey('/stories?page=2&q=a')).toBe('/stories?page=2&q=a');
    expect(pageCacheKey('/stories?q=a&page=2')).toBe('/stories?page=2&q=a');
    expect(pageCacheKey('/stories?page=2&a=1&utm_source=x')).toBe('/stories?page=2');
    expect(pageCacheKey('/stories?zzz=1')).toBe('/stories');
    expect(pageCacheKey('/stories?state[]=a&state[]=b&tab=x')).toBe('/stories?state%5B%5D=a&state%5B%5D=b');
    expect(pageCacheKey('/stories/category/3?page=2&r=9')).toBe('/stories/category/3?page=2');
    expect(pageCacheKey('/reviews/1?page=3&q=x')).toBe('/reviews/1?page=3');
    expect(pageCacheKey('/logon?redirect=%2Freservations&mode=signup&x=1')).toBe('/logon?mode=signup&redirect=%2Freservations');
    expect(pageCacheKey('/stories')).toBe('/stories');
  });

  it('keeps every search parameter of the list and its chip routes', () => {
    const all =
      'q=a&date_from=2030-01-01&date_to=2030-01-02&people=2&state=x&category_id=1&theme_id=2&price_min=1&price_max=9&online=true&sort=newest&page=2';
    for (const list of ['/stories', '/stories/location/x', '/stories/category/1', '/stories/theme/1']) {
      expect(pageCacheKey(`${list}?${all}`).split('?')[1]?.split('&').length, list).toBe(12);
    }
  });

  it('never lets two different parameter values share a key on pages that read them', () => {
    expect(pageCacheKey('/stories?page=2')).not.toBe(pageCacheKey('/stories?page=3'));
    expect(pageCacheKey('/brands?page=1')).not.toBe(pageCacheKey('/brands'));
  });

  it('keeps every parameter each page source reads (a page that starts reading one must be listed)', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const file of sources()) {
      const source = readFileSync(path.join(PAGES, file), 'utf8');
      if (!source.includes('urlParsed')) continue;
      const route = routeOf(file);
      for (const name of parametersRead(source)) {
        checked += 1;
        if (!pageCacheKey(`${route}?${encodeURIComponent(name)}=v`).includes('?')) missing.push(`${file}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(25);
    // The admin lists read `page` in their components (src/components/admin).
    expect(pageCacheKey('/admin/brand?page=2&x=1')).toBe('/admin/brand?page=2');
  });
});
