import { describe, expect, it } from 'vitest';
import { pageCacheKey } from '#src/lib/page-cache-key';

describe('pageCacheKey', () => {
  it('drops every query parameter of a page that reads none', () => {
    expect(pageCacheKey('/stories/1')).toBe('/stories/1');
    expect(pageCacheKey('/stories/1?utm_source=x&r=123')).toBe('/stories/1');
    expect(pageCacheKey('/stories/1/calendars?fbclid=abc')).toBe('/stories/1/calendars');
    expect(pageCacheKey('/?r=1')).toBe('/');
    expect(pageCacheKey('/users/3?x=1')).toBe('/users/3');
  });

  it('keeps and sorts the parameters of other pages (the list reads page and its filters)', () => {
    expect(pageCacheKey('/stories?page=2')).toBe('/stories?page=2');
    expect(pageCacheKey('/stories?page=2&a=1')).toBe('/stories?a=1&page=2');
    expect(pageCacheKey('/stories?a=1&page=2')).toBe('/stories?a=1&page=2');
    expect(pageCacheKey('/stories/category/3?page=2')).toBe('/stories/category/3?page=2');
    expect(pageCacheKey('/reviews/1?page=3')).toBe('/reviews/1?page=3');
    expect(pageCacheKey('/stories')).toBe('/stories');
  });

  it('never lets two different parameter values share a key on pages that read them', () => {
    expect(pageCacheKey('/stories?page=2')).not.toBe(pageCacheKey('/stories?page=3'));
    expect(pageCacheKey('/brands?page=1')).not.toBe(pageCacheKey('/brands'));
  });
});
