// The PDF kit (server-only): A4 documents in Japanese with PDFKit and BIZ UDPGothic, a font npm brings
// (@expo-google-fonts/biz-udpgothic, SIL Open Font License 1.1), so no system font is needed. A character BIZ
// UDPGothic has no glyph for (a kanji outside JIS such as 𠮷) is drawn in Noto Sans JP
// (@expo-google-fonts/noto-sans-jp, the same licence), read only when a text needs it. PDFKit embeds only the glyphs
// a document uses (a subset), so a one-page document stays a few tens of kilobytes, and one that never needs Noto
// Sans JP embeds none of it. Receipts and the hosts' statements are built with these helpers: `createPdf`
// (optionally with page numbers) → `heading` / `paragraph` / `fitText` / `keyValues` / `table` / `writeText` →
// `pdfBuffer`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

/** The two faces every document registers: `doc.font(PDF_FONT.bold)`. */
export const PDF_FONT = { regular: 'jp', bold: 'jp-bold' } as const;

type Weight = keyof typeof PDF_FONT;

/** The fallback faces' names in a document (registered by the first text that needs one). */
const FALLBACK_FONT = { regular: 'jp-fallback', bold: 'jp-fallback-bold' } as const;

const FONT_FILES = {
  regular: '@expo-google-fonts/biz-udpgothic/400Regular/BIZUDPGothic_400Regular.ttf',
  bold: '@expo-google-fonts/biz-udpgothic/700Bold/BIZUDPGothic_700Bold.ttf',
} as const;

/** The same weights of Noto Sans JP, for the characters BIZ UDPGothic lacks. */
const FALLBACK_FILES = {
  regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
} as const;

/**
 * How long the faces stay parsed after the last document or check that used them. Kept, they are about 9 MB of
 * file bytes outside the JavaScript heap (11 MB more with the fallback faces) plus fontkit's glyph tables inside it,
 * for a document a guest or host asks for now and then; reading them again costs the next document some tens of
 * milliseconds.
 */
const FONTS_KEPT_MS = 60_000;

let fonts: Record<Weight, fontkit.Font> | null = null;
let fallbackFonts: Record<Weight, fontkit.Font> | null = null;
/** Drops the faces FONTS_KEPT_MS after their last use (unref'd: it never keeps a process alive). */
let dropFonts: NodeJS.Timeout | null = null;

function openFont(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(createRequire(import.meta.url).resolve(file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
  return font;
}

/** Starts or restarts the FONTS_KEPT_MS before the faces are dropped. */
function keepFonts(): void {
  if (dropFonts) dropFonts.refresh();
  else dropFonts = setTimeout(dropPdfFonts, FONTS_KEPT_MS).unref();
}

/**
 * The two faces, read and parsed at the first use and shared by every document until FONTS_KEPT_MS pass without one
 * (about 4.5 MB each, outside the JavaScript heap): fontkit keeps the glyphs it has read, so a document made while
 * they are kept only lays out and subsets. Each document still embeds its own subset.
 */
function fontData(): Record<Weight, fontkit.Font> {
  keepFonts();
  fonts ??= { regular: openFont(FONT_FILES.regular), bold: openFont(FONT_FILES.bold) };
  return fonts;
}

/**
 * `font` as PDFKit reads it, with the ascent, descent and line gap of `like` (in `font`'s units): PDFKit places a
 * run's baseline one ascent below the line's top and makes a line one ascent plus descent tall, so with these a run
 * in Noto Sans JP sits on BIZ UDPGothic's baseline, at the same size (both draw a kanji in the same em box, 0.88 of
 * it above the baseline), and a line holding one is as tall as a line without. Noto Sans JP's own ascent and descent
 * (1.16 and 0.288 em) would drop its run 0.28 em below its neighbours and make its line taller.
 */
function withVerticalMetricsOf(font: fontkit.Font, like: fontkit.Font): fontkit.Font {
  const scale = font.unitsPerEm / like.unitsPerEm;
  const metrics: Record<string, number> = { ascent: like.ascent * scale, descent: like.descent * scale, lineGap: like.lineGap * scale };
  return new Proxy(font, {
    get: (target, key, _receiver) => (typeof key === 'string' && key in metrics ? metrics[key] : Reflect.get(target, key, target)),
  });
}

/** The fallback faces, read at the first text that needs one and kept and dropped with the two faces. */
function fallbackData(): Record<Weight, fontkit.Font> {
  const primary = fontData();
  fallbackFonts ??= {
    regular: withVerticalMetricsOf(openFont(FALLBACK_FILES.regular), primary.regular),
    bold: withVerticalMetricsOf(openFont(FALLBACK_FILES.bold), primary.bold),
  };
  return fallbackFonts;
}

/** Drops the parsed faces now and stops their timer (what the timer does; a test starts from here). */
export function dropPdfFonts(): void {
  if (dropFonts) clearTimeout(dropFonts);
  dropFonts = null;
  fonts = null;
  fallbackFonts = null;
}

/** Whether the faces are parsed and kept now (tests). */
export function fontsKept(): boolean {
  return fonts !== null;
}

/** Whether the fallback faces are parsed and kept now (tests). */
export function fallbackFontsKept(): boolean {
  return fallbackFonts !== null;
}

/**
 * The characters of `text` neither BIZ UDPGothic nor the fallback face can draw in both weights, each once, in order
 * (emoji, Hangul, invisible joiners): what a person typed is checked with this before it is printed, since a missing
 * glyph prints as an empty box. The fallback faces are read only when the text has a character BIZ UDPGothic lacks.
 */
export function charactersWithoutGlyph(text: string): string[] {
  const { regular, bold } = fontData();
  const missing = new Set<string>();
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const inRegular = regular.hasGlyphForCodePoint(code);
    const inBold = bold.hasGlyphForCodePoint(code);
    if (inRegular && inBold) continue;
    const fallback = fallbackData();
    if (!(inRegular || fallback.regular.hasGlyphForCodePoint(code)) || !(inBold || fallback.bold.hasGlyphForCodePoint(code))) {
      missing.add(character);
    }
  }
  return [...missing];
}

/** A stretch of text drawn in one face: the weight's own, or its fallback. */
interface Run {
  text: string;
  fallback: boolean;
}

/**
 * `text` cut where it changes face: each character BIZ UDPGothic lacks and the fallback has goes into a fallback run.
 * A character neither has stays in BIZ UDPGothic's run (it prints as the face's empty box, as it would without a
 * fallback). The fallback faces are read only when a character needs them.
 */
function runsOf(text: string, weight: Weight): Run[] {
  const face = fontData()[weight];
  const runs: Run[] = [];
  let current: Run | null = null;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    const fallback = !face.hasGlyphForCodePoint(code) && fallbackData()[weight].hasGlyphForCodePoint(code);
    if (current && current.fallback === fallback) current.text += character;
    else {
      current = { text: character, fallback };
      runs.push(current);
    }
  }
  return runs;
}

/** Selects a run's face in `doc`, registering the fallback face there at its first use. */
function selectFace(doc: Pdf, weight: Weight, fallback: boolean): void {
  if (!fallback) {
    doc.font(PDF_FONT[weight]);
    return;
  }
  // PDFKit takes a fontkit font as it is (its types name only paths and bytes); registering again is a no-op for a
  // face the document already uses.
  doc.registerFont(FALLBACK_FONT[weight], fallbackData()[weight] as unknown as Buffer);
  doc.font(FALLBACK_FONT[weight]);
}

/** The size and weight a text is written in. */
export interface TextStyle {
  size: number;
  bold?: boolean;
}

const weightOf = (style: TextStyle): Weight => (style.bold ? 'bold' : 'regular');

/** The width of `text` on one line in `style`, each run measured in its own face; leaves the style's face selected. */
export function widthOfText(doc: Pdf, text: string, style: TextStyle): number {
  const weight = weightOf(style);
  const runs = runsOf(text, weight);
  doc.fontSize(style.size);
  if (runs.length <= 1 && !runs[0]?.fallback) return doc.font(PDF_FONT[weight]).widthOfString(text);
  let width = 0;
  for (const run of runs) {
    selectFace(doc, weight, run.fallback);
    width += doc.widthOfString(run.text);
  }
  doc.font(PDF_FONT[weight]);
  return width;
}

type WriteOptions = PDFKit.Mixins.TextOptions & TextStyle;

/** Writes the runs one after another as one text (PDFKit's `continued`): the wrapping runs across their joins. */
function writeRuns(doc: Pdf, runs: Run[], weight: Weight, x: number, y: number, options: PDFKit.Mixins.TextOptions): void {
  runs.forEach((run, i) => {
    selectFace(doc, weight, run.fallback);
    const continued = i < runs.length - 1;
    if (i === 0) doc.text(run.text, x, y, { ...options, continued });
    else doc.text(run.text, { ...options, continued });
  });
  doc.font(PDF_FONT[weight]);
}

/**
 * The height `text` takes when written with `options` (wrapped in `options.width`), as `doc.heightOfString` gives it
 * for one face. A text with fallback runs is written on a scratch document and measured there, since PDFKit
 * measures in one face only. Leaves the style's face selected.
 */
export function heightOfText(doc: Pdf, text: string, options: WriteOptions): number {
  const { size, bold, ...textOptions } = options;
  const weight = weightOf(options);
  const runs = runsOf(text, weight);
  doc.font(PDF_FONT[weight]).fontSize(size);
  if (runs.length <= 1 && !runs[0]?.fallback) return doc.heightOfString(text, textOptions);
  const scratch = new PDFDocument({ size: [doc.page.width, doc.page.height], margin: 0 });
  const faces = fontData();
  scratch.registerFont(PDF_FONT.regular, faces.regular as unknown as Buffer);
  scratch.registerFont(PDF_FONT.bold, faces.bold as unknown as Buffer);
  scratch.fontSize(size);
  // As heightOfString: no height limit, so no page or column break.
  writeRuns(scratch, runs, weight, 0, 0, { ...textOptions, height: Number.POSITIVE_INFINITY });
  return scratch.y;
}

/**
 * `doc.text(text, x, y, options)` in the regular or bold face at `options.size`, each character the face lacks drawn
 * in the fallback face. A text all in the face is one `doc.text`, laid out as PDFKit lays it out. A text with
 * fallback runs is written as runs that wrap together, from the left: centred or right-aligned, it is placed whole
 * when it fits on one line (PDFKit would align each run alone in what the runs before it left of the line). Leaves
 * the style's face selected and `doc.y` below the text.
 */
export function writeText(doc: Pdf, text: string, x: number, y: number, options: WriteOptions): void {
  const { size, bold, ...textOptions } = options;
  const weight = weightOf(options);
  const runs = runsOf(text, weight);
  doc.font(PDF_FONT[weight]).fontSize(size);
  if (runs.length <= 1 && !runs[0]?.fallback) {
    doc.text(text, x, y, textOptions);
    return;
  }
  let start = x;
  const align = textOptions.align ?? 'left';
  if ((align === 'center' || align === 'right') && textOptions.width !== undefined && !text.includes('\n')) {
    const width = widthOfText(doc, text, options);
    if (width <= textOptions.width) start = x + (align === 'center' ? (textOptions.width - width) / 2 : textOptions.width - width);
  }
  writeRuns(doc, runs, weight, start, y, { ...textOptions, align: 'left' });
  doc.x = x;
}

export interface PdfOptions {
  /** The document's title (its metadata, shown by viewers as the window title). */
  title: string;
  subject?: string;
  /** Who made it (the platform's name). */
  author?: string;
  /** The creation date written into the metadata (default now). */
  createdAt?: Date;
  /** Page margin in points (default 48, about 17 mm). */
  margin?: number;
  /** Numbers the pages ("2 / 5" centred at the foot of each) when the document ends. */
  pageNumbers?: boolean;
}

/** The documents whose pages `pdfBuffer` numbers before ending them. */
const numbered = new WeakSet<Pdf>();

/** A new A4 portrait document whose current font is the regular Japanese face at 10.5 pt. */
export function createPdf(options: PdfOptions): Pdf {
  const { regular, bold } = fontData();
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin ?? 48,
    // Numbering needs every page kept until the end, to write "n / total" on each.
    bufferPages: options.pageNumbers ?? false,
    info: {
      Title: options.title,
      ...(options.subject ? { Subject: options.subject } : {}),
      ...(options.author ? { Author: options.author } : {}),
      Creator: options.author ?? 'PDFKit',
      CreationDate: options.createdAt ?? new Date(),
    },
    lang: 'ja-JP',
    displayTitle: true,
  });
  // PDFKit takes a fontkit font as it is (its types name only paths and bytes).
  doc.registerFont(PDF_FONT.regular, regular as unknown as Buffer);
  doc.registerFont(PDF_FONT.bold, bold as unknown as Buffer);
  doc.font(PDF_FONT.regular).fontSize(10.5).fillColor('#000000');
  if (options.pageNumbers) numbered.add(doc);
  return doc;
}

/** Writes "n / total" at the foot of every page (inside the bottom margin). */
function numberPages(doc: Pdf): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Text below the bottom margin would start a new page; the margin is lifted while the number is written.
    doc.page.margins.bottom = 0;
    doc
      .font(PDF_FONT.regular)
      .fontSize(8.5)
      .fillColor('#555555')
      .text(`${i + 1} / ${range.count}`, doc.page.margins.left, doc.page.height - bottom / 2 - 4, {
        width: contentWidth(doc),
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('#000000');
}

/** Ends the document and resolves with its bytes. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (numbered.has(doc)) numberPages(doc);
    doc.end();
  });
}

/** The width between the margins. */
export function contentWidth(doc: Pdf): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** The lowest y a line may start at before the bottom margin. */
function bottomOf(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** A bold heading (default 16 pt) across the content width, then the regular face again. */
export function heading(doc: Pdf, text: string, options: { size?: number; align?: 'left' | 'center' | 'right' } = {}): void {
  writeText(doc, text, doc.page.margins.left, doc.y, {
    size: options.size ?? 16,
    bold: true,
    width: contentWidth(doc),
    align: options.align ?? 'left',
  });
  doc.font(PDF_FONT.regular).fontSize(10.5);
  doc.moveDown(0.4);
}

/** A paragraph across the content width (wrapped; Japanese breaks between any two characters). */
export function paragraph(
  doc: Pdf,
  text: string,
  options: { size?: number; bold?: boolean; align?: 'left' | 'center' | 'right'; color?: string } = {},
): void {
  doc.fillColor(options.color ?? '#000000');
  writeText(doc, text, doc.page.margins.left, doc.y, {
    size: options.size ?? 10.5,
    bold: options.bold,
    width: contentWidth(doc),
    align: options.align ?? 'left',
  });
  doc.font(PDF_FONT.regular).fontSize(10.5).fillColor('#000000');
}

/**
 * Writes `text` on one line of `width` at (x, y), in the largest size from `maxSize` down to `minSize` that fits;
 * a text too long even at `minSize` wraps at that size, with a gap between its lines. Returns the size used and the height it
 * took. For what a person typed (an addressee), whose length the layout cannot know.
 */
export function fitText(
  doc: Pdf,
  text: string,
  box: { x: number; y: number; width: number; maxSize: number; minSize: number; bold?: boolean; align?: 'left' | 'center' | 'right' },
): { size: number; height: number } {
  const bold = box.bold ?? false;
  let size = box.maxSize;
  while (size > box.minSize && widthOfText(doc, text, { size, bold }) > box.width) size -= 0.5;
  // Wrapped lines get air between them: the face's own line height leaves lines of kanji almost touching.
  const lineGap = widthOfText(doc, text, { size, bold }) > box.width ? size * 0.35 : 0;
  const height = heightOfText(doc, text, { size, bold, width: box.width, lineGap });
  writeText(doc, text, box.x, box.y, { size, bold, width: box.width, align: box.align ?? 'left', lineGap });
  doc.font(PDF_FONT.regular).fontSize(10.5);
  return { size, height };
}

/** A horizontal line across the content width at the current y (or `y`). */
export function rule(doc: Pdf, options: { y?: number; width?: number; color?: string } = {}): void {
  const y = options.y ?? doc.y;
  doc
    .save()
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(options.width ?? 0.75)
    .strokeColor(options.color ?? '#000000')
    .stroke()
    .restore();
}

/** Label and value pairs, one per line: the label in a column of `labelWidth` points, the value beside it. */
export function keyValues(doc: Pdf, rows: [label: string, value: string][], options: { labelWidth?: number; size?: number } = {}): void {
  const labelWidth = options.labelWidth ?? 110;
  const left = doc.page.margins.left;
  const valueWidth = contentWidth(doc) - labelWidth;
  const size = options.size ?? 10.5;
  for (const [label, value] of rows) {
    const height = Math.max(
      heightOfText(doc, label, { size, bold: true, width: labelWidth - 8 }),
      heightOfText(doc, value, { size, width: valueWidth }),
    );
    if (doc.y + height > bottomOf(doc)) doc.addPage();
    const y = doc.y;
    writeText(doc, label, left, y, { size, bold: true, width: labelWidth - 8 });
    writeText(doc, value, left + labelWidth, y, { size, width: valueWidth });
    doc.y = y + height + 3;
  }
  doc.x = left;
}

export interface TableColumn {
  header: string;
  /** A share of the content width (the columns' weights are scaled to fill it). */
  weight: number;
  align?: 'left' | 'right' | 'center';
}

export interface TableOptions {
  columns: TableColumn[];
  rows: string[][];
  /** A last row in bold above a double rule (totals). */
  footer?: string[];
  size?: number;
}

/**
 * A table across the content width: a shaded header row, cells that wrap, a thin rule under each row, and the
 * header again at the top of every page the rows run onto.
 */
export function table(doc: Pdf, options: TableOptions): void {
  const size = options.size ?? 9.5;
  const pad = 4;
  const left = doc.page.margins.left;
  const total = options.columns.reduce((sum, c) => sum + c.weight, 0);
  const widths = options.columns.map((c) => (contentWidth(doc) * c.weight) / total);
  const xs = widths.map((_w, i) => left + widths.slice(0, i).reduce((a, b) => a + b, 0));

  const rowHeight = (cells: string[], bold: boolean) =>
    Math.max(...cells.map((cell, i) => heightOfText(doc, cell || ' ', { size, bold, width: widths[i] - pad * 2 }))) + pad * 2;
  const drawCells = (cells: string[], y: number, bold: boolean) => {
    doc.fillColor('#000000');
    cells.forEach((cell, i) => {
      writeText(doc, cell, xs[i] + pad, y + pad, { size, bold, width: widths[i] - pad * 2, align: options.columns[i].align ?? 'left' });
    });
  };
  const header = options.columns.map((c) => c.header);
  const drawHeader = () => {
    const height = rowHeight(header, true);
    const y = doc.y;
    doc.save().rect(left, y, contentWidth(doc), height).fill('#eeeeee').restore();
    drawCells(header, y, true);
    rule(doc, { y: y + height, width: 0.75 });
    doc.y = y + height;
  };

  drawHeader();
  for (const cells of options.rows) {
    const height = rowHeight(cells, false);
    if (doc.y + height > bottomOf(doc)) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    drawCells(cells, y, false);
    rule(doc, { y: y + height, width: 0.25, color: '#999999' });
    doc.y = y + height;
  }
  if (options.footer) {
    const height = rowHeight(options.footer, true);
    if (doc.y + height > bottomOf(doc)) doc.addPage();
    const y = doc.y;
    rule(doc, { y: y + 1.5, width: 0.75 });
    drawCells(options.footer, y + 2, true);
    doc.y = y + height + 2;
  }
  doc.font(PDF_FONT.regular).fontSize(10.5);
  doc.x = left;
  doc.moveDown(0.5);
}
