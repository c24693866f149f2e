// The PDF kit (server-only): A4 documents in Japanese with PDFKit, in the faces of src/lib/pdf-fonts.ts (BIZ
// UDPGothic, and Noto Sans JP for what it lacks) written through src/lib/pdf-text.ts. PDFKit embeds only the glyphs
// a document uses (a subset), so a one-page document stays a few tens of kilobytes, and one that never needs Noto
// Sans JP embeds none of it. Receipts and the hosts' statements are built with these helpers: `createPdf`
// (optionally with page numbers) → `heading` / `paragraph` / `fitText` / `keyValues` / `table` / `writeText` →
// `pdfBuffer`.
import PDFDocument from 'pdfkit';
import { fontData, PDF_FONT } from './pdf-fonts';
import { heightOfText, widthOfText, writeText } from './pdf-text';

export type Pdf = PDFKit.PDFDocument;
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
