import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { charactersWithoutGlyph, dropPdfFonts, fallbackFontsKept, fontsKept } from './pdf-fonts';

describe("the PDF kit's faces", () => {
  // The faces belong to the module, which other files of the same worker may have used: each test starts with none.
  beforeEach(() => {
    dropPdfFonts();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    dropPdfFonts();
    vi.useRealTimers();
  });

  it('are read at the first use, kept a minute after the last one, then dropped and read again when needed', () => {
    expect(fontsKept()).toBe(false);
    expect(charactersWithoutGlyph('領収書')).toEqual([]);
    expect(fontsKept()).toBe(true);
    vi.advanceTimersByTime(59_000);
    expect(charactersWithoutGlyph('体験')).toEqual([]);
    vi.advanceTimersByTime(59_000);
    expect(fontsKept()).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(fontsKept()).toBe(false);
    expect(charactersWithoutGlyph('株式会社吉野')).toEqual([]);
    expect(fontsKept()).toBe(true);
  });

  it('read the fallback faces only for a character BIZ UDPGothic lacks, and drop them with the others', () => {
    expect(charactersWithoutGlyph('領収書 株式会社吉野')).toEqual([]);
    expect(fallbackFontsKept()).toBe(false);
    expect(charactersWithoutGlyph('株式会社𠮷野')).toEqual([]);
    expect(fallbackFontsKept()).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(fontsKept()).toBe(false);
    expect(fallbackFontsKept()).toBe(false);
    expect(charactersWithoutGlyph('😀')).toEqual(['😀']);
    expect(fallbackFontsKept()).toBe(true);
  });
});
