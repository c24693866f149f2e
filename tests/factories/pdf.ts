// Reading the PDFs the app makes, as a person's viewer would: the text of each page (pdf.js through unpdf), so a
// test asserts what is printed, not how the file is built.
import { extractText, getDocumentProxy } from 'unpdf';

/** The document, opened on a copy of the bytes: pdf.js takes over (detaches) the buffer it is given. */
function openPdf(bytes: Uint8Array) {
  return getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
}

/** The text of each page, in reading order (lines joined with newlines). */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await openPdf(bytes), { mergePages: false });
  return text;
}

/** The whole document's text. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join('\n');
}

/** A run of text on a page where a viewer draws it: left edge, baseline from the top, width and font size, in points. */
export interface PdfTextRun {
  text: string;
  x: number;
  /** The baseline's distance from the top of the page. */
  y: number;
  width: number;
  size: number;
}

/** The text runs of page `pageNumber` (from 1) with their positions, for a test of what fits where. */
export async function pdfTextRuns(bytes: Uint8Array, pageNumber = 1): Promise<PdfTextRun[]> {
  const page = await (await openPdf(bytes)).getPage(pageNumber);
  const height = page.view[3] - page.view[1];
  const { items } = await page.getTextContent();
  return items.flatMap((item) =>
    'str' in item && item.str.trim() !== ''
      ? [{ text: item.str, x: item.transform[4], y: height - item.transform[5], width: item.width, size: Math.abs(item.transform[0]) }]
      : [],
  );
}
