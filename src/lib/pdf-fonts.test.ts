import { afterEach, describe, expect, it, vi } from 'vitest';
import { charactersWithoutGlyph, fontsKept } from './pdf';

// Its own file: the faces' state belongs to the module, so it starts here with nothing read and no timer running.
describe("the PDF kit's faces", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are read at the first use, kept a minute after the last one, then dropped and read again when needed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    expect(fontsKept()).toBe(false);
    expect(charactersWithoutGlyph('領収書')).toEqual([]);
    expect(fontsKept()).toBe(true);
    vi.advanceTimersByTime(59_000);
    expect(charactersWithoutGlyph('体験')).toEqual([]);
    vi.advanceTimersByTime(59_000);
    expect(fontsKept()).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(fontsKept()).toBe(false);
    expect(charactersWithoutGlyph('株式会社𠮷野')).toEqual(['𠮷']);
    expect(fontsKept()).toBe(true);
  });
});
