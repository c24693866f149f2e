import type { PageContextServer } from 'vike/types';
import { describe, expect, it } from 'vitest';
import { type ReadAhead, readAheadOr } from './read-ahead';

const PAGE = '/pages/stories/@id/index';

/** The fields readAheadOr reads, as Vike's page context has them. */
function pageContext(readAhead: ReadAhead | undefined, routeParams = { id: '7' }, pageId = PAGE): PageContextServer {
  return { pageId, routeParams, request: { readAhead } } as unknown as PageContextServer;
}

/** A page's own read that answers `value` and counts its calls. */
function ownRead(value: string) {
  const read = async () => {
    read.calls++;
    return value;
  };
  read.calls = 0;
  return read;
}

describe('readAheadOr', () => {
  it('takes the value read ahead for this page and parameters, without reading again', async () => {
    const read = ownRead('own');
    const ahead: ReadAhead = { pageId: PAGE, routeParams: { id: '7' }, outcome: { value: 'ahead' } };
    expect(await readAheadOr(pageContext(ahead), read)).toBe('ahead');
    expect(read.calls).toBe(0);
  });

  it("throws the read's error as the hook's own read would have thrown it", async () => {
    const read = ownRead('own');
    const error = new Error('not found');
    const ahead: ReadAhead = { pageId: PAGE, routeParams: { id: '7' }, outcome: { error } };
    await expect(readAheadOr(pageContext(ahead), read)).rejects.toBe(error);
    expect(read.calls).toBe(0);
  });

  it('reads for itself without a read ahead, or with one made for another page or other parameters', async () => {
    const read = ownRead('own');
    const ahead: ReadAhead = { pageId: PAGE, routeParams: { id: '7' }, outcome: { value: 'ahead' } };
    expect(await readAheadOr(pageContext(undefined), read)).toBe('own');
    expect(await readAheadOr(pageContext(ahead, { id: '8' }), read)).toBe('own');
    expect(await readAheadOr(pageContext(ahead, { id: '7', extra: 'x' } as { id: string }), read)).toBe('own');
    expect(await readAheadOr(pageContext(ahead, { id: '7' }, '/pages/stories/@id/calendars'), read)).toBe('own');
    expect(read.calls).toBe(4);
  });
});
