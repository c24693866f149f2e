// Text in the PDF kit's faces (server-only): a text with characters BIZ UDPGothic lacks is written as runs, each in
// its face (src/lib/pdf-fonts.ts), that wrap together; its width and height are measured the same way. A text all in
// BIZ UDPGothic is one PDFKit call, laid out as PDFKit lays it out.
import PDFDocument from 'pdfkit';
import type { Pdf } from './pdf';
import { FALLBACK_FONT, fallbackData, fontData, PDF_FONT, runsOf, type Run, type Weight } from './pdf-fonts';

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
