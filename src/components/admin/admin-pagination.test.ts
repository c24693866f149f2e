import { describe, expect, it } from 'vitest';
import { adminPageWindow, pageFromSearch } from './AdminPagination';

describe('adminPageWindow', () => {
  it('shows every page when there are at most 7', () => {
    expect(adminPageWindow(1, 1)).toEqual([1]);
    expect(adminPageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(adminPageWindow(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps 3 each side of the current page, and 7 buttons at the ends', () => {
    expect(adminPageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(adminPageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(adminPageWindow(2, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(adminPageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(adminPageWindow(18, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });

  it('reads ?page= leniently', () => {
    expect(pageFromSearch('3')).toBe(3);
    expect(pageFromSearch(undefined)).toBe(1);
    expect(pageFromSearch('0')).toBe(1);
    expect(pageFromSearch('abc')).toBe(1);
    expect(pageFromSearch('100000')).toBe(100_000);
    // Past the last page: the lists' API answers the last page, so a huge number is passed on within its bound.
    expect(pageFromSearch('100001')).toBe(100_000);
    expect(pageFromSearch('999999999')).toBe(100_000);
    expect(pageFromSearch('1.5')).toBe(1);
    // A list with a smaller limit (GET /reservations: 10,000) gives it.
    expect(pageFromSearch('10000', 10_000)).toBe(10_000);
    expect(pageFromSearch('10001', 10_000)).toBe(1);
  });
});
