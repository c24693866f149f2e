// Reading the PDFs the app makes, as a person's viewer would: the text of each page (pdf.js through unpdf), so a
// test asserts what is printed, not how the file is built.
import { extractText, getDocumentProxy } from 'unpdf';

/** The text of each page, in reading order (lines joined with newlines). */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // A copy: pdf.js takes over (detaches) the buffer it is given.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}

/** The whole document's text. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join('\n');
}
