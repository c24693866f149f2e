import { describe, expect, it } from 'vitest';
import { pdfPages, pdfText, pdfTextRuns } from '#tests/factories/pdf';
import { createPdf, fitText, heading, keyValues, paragraph, pdfBuffer, table } from './pdf';
import { charactersWithoutGlyph, dropPdfFonts, fallbackFontsKept } from './pdf-fonts';

describe('the PDF kit', () => {
  it('writes Japanese text in the embedded font, subset, so the file stays small', async () => {
    const doc = createPdf({ title: '支払明細書', author: 'たびとこ', createdAt: new Date('2026-11-30T00:00:00Z') });
    heading(doc, '支払明細書', { align: 'center' });
    paragraph(doc, '株式会社テスト 御中');
    keyValues(doc, [
      ['対象期間', '2026年11月1日〜2026年11月30日'],
      ['お支払額', '¥12,345'],
    ]);
    const bytes = await pdfBuffer(doc);
    const text = (await pdfPages(bytes)).join('\n');
    expect(text).toContain('支払明細書');
    expect(text).toContain('株式会社テスト 御中');
    expect(text).toContain('2026年11月1日〜2026年11月30日');
    expect(text).toContain('¥12,345');
    const raw = bytes.toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    // The font travels in the file (a TrueType program), as a subset whose name carries PDF's subset tag.
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+BIZUDPGothic/);
    // The whole font is about 4.5 MB; a subset of a few dozen glyphs is a few tens of kilobytes.
    expect(bytes.length).toBeLessThan(60_000);
  });

  it('runs a long table onto further pages with the header again on each, and numbers the pages', async () => {
    const doc = createPdf({ title: '明細', pageNumbers: true });
    const rows = Array.from({ length: 80 }, (_v, i) => [`2026-11-${String((i % 30) + 1).padStart(2, '0')}`, `体験 ${i + 1}`, '¥1,000']);
    table(doc, {
      columns: [
        { header: '日付', weight: 2 },
        { header: '体験', weight: 5 },
        { header: '金額', weight: 2, align: 'right' },
      ],
      rows,
      footer: ['', '合計', '¥80,000'],
    });
    const pages = await pdfPages(await pdfBuffer(doc));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page).toContain('日付');
    const all = pages.join('\n');
    expect(all).toContain('2026-11-01 体験 1 ¥1,000\n');
    expect(all).toContain('2026-11-20 体験 80 ¥1,000');
    // Every row is printed once, none lost at the page break.
    expect(all.match(/体験 \d+ ¥1,000/g)).toHaveLength(80);
    expect(pages.at(-1)).toContain('合計');
    expect(pages.at(-1)).toContain('¥80,000');
    pages.forEach((page, i) => {
      expect(page).toContain(`${i + 1} / ${pages.length}`);
    });
  });

  it('shrinks a long typed line to fit its width', async () => {
    const doc = createPdf({ title: '宛名' });
    const long = '株式会社とても長い名前の会社の東京本社営業部第一課';
    const { size, height } = fitText(doc, long, { x: 48, y: 100, width: 300, maxSize: 18, minSize: 9 });
    // 25 full-width characters in 300 pt: 12 pt each at most, on one line (less than two lines' height).
    expect(size).toBeLessThanOrEqual(12);
    expect(size).toBeGreaterThanOrEqual(11);
    expect(height).toBeLessThan(size * 2);
    expect((await pdfPages(await pdfBuffer(doc)))[0]).toContain(long);
  });

  it('names the characters neither its font nor the fallback can draw', () => {
    expect(charactersWithoutGlyph('株式会社髙﨑 ①㈱ ｱｲｳ Café')).toEqual([]);
    expect(charactersWithoutGlyph('𠮷田 花子')).toEqual([]);
    expect(charactersWithoutGlyph('𠮷田 😀 한국 😀')).toEqual(['😀', '한', '국']);
  });
});

describe("the PDF kit's fallback face", () => {
  /** A document with one fitted line (the receipt's addressee), and its bytes. */
  async function addresseeDocument(text: string, width = 290) {
    const doc = createPdf({ title: '宛名', createdAt: new Date('2026-11-30T00:00:00Z') });
    const fitted = fitText(doc, text, { x: 48, y: 100, width, maxSize: 16, minSize: 9, bold: true });
    paragraph(doc, '但し 体験料として');
    return { ...fitted, bytes: await pdfBuffer(doc) };
  }

  it('draws 𠮷 in Noto Sans JP beside BIZ UDPGothic, on the same baseline at the same size', async () => {
    const { bytes } = await addresseeDocument('𠮷田 花子 様');
    expect(await pdfText(bytes)).toContain('𠮷田 花子 様');
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+BIZUDPGothic-Bold/);
    // Only the weight used is embedded, as a subset.
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Bold/);
    expect(raw).not.toContain('NotoSansJP-Regular');
    const runs = await pdfTextRuns(bytes);
    const yoshi = runs.find((r) => r.text === '𠮷');
    const rest = runs.find((r) => r.text.startsWith('田'));
    expect(yoshi).toBeDefined();
    expect(rest).toBeDefined();
    if (!yoshi || !rest) return;
    expect(yoshi.y).toBeCloseTo(rest.y, 3);
    expect(yoshi.size).toBe(rest.size);
    // One em wide, and the next run starts where it ends.
    expect(yoshi.width).toBeCloseTo(yoshi.size, 3);
    expect(rest.x).toBeCloseTo(yoshi.x + yoshi.width, 3);
  });

  it('lays out a long mixed text as it lays out the same text in one face: size, wrapping and height', async () => {
    // 𠮷 and 吉 are both one em wide, so the two texts fit and wrap alike.
    const text = '𠮷田商事株式会社とても長い名前の会社の東京本社営業部第一課'.repeat(3);
    const mixed = await addresseeDocument(text);
    const plain = await addresseeDocument(text.replaceAll('𠮷', '吉'));
    expect(mixed.size).toBe(9);
    expect(mixed.size).toBe(plain.size);
    expect(mixed.height).toBeCloseTo(plain.height, 6);
    const lines = async (bytes: Buffer) => [...new Set((await pdfTextRuns(bytes)).map((r) => r.y.toFixed(2)))];
    expect(await lines(mixed.bytes)).toEqual(await lines(plain.bytes));
    expect((await pdfText(mixed.bytes)).replace(/\s+/g, '')).toContain(text);
  });

  it('centres a mixed heading as a whole', async () => {
    const doc = createPdf({ title: '見出し' });
    heading(doc, '𠮷田 花子', { align: 'center' });
    const runs = await pdfTextRuns(await pdfBuffer(doc));
    const left = Math.min(...runs.map((r) => r.x));
    const right = Math.max(...runs.map((r) => r.x + r.width));
    expect(runs.length).toBe(2);
    expect(left + right).toBeCloseTo(595.28, 0);
  });

  it('leaves a document without such characters as it was: the same bytes, without the fallback face', async () => {
    dropPdfFonts();
    const before = (await addresseeDocument('吉田 花子 様')).bytes;
    expect(fallbackFontsKept()).toBe(false);
    await addresseeDocument('𠮷田 花子 様');
    expect(fallbackFontsKept()).toBe(true);
    const after = (await addresseeDocument('吉田 花子 様')).bytes;
    expect(after.equals(before)).toBe(true);
    expect(before.toString('latin1')).not.toContain('NotoSansJP');
  });
});
