// Decides what an uploaded file is from its bytes, never from its name or the client's MIME type
//. Pure and server-side; unit-tested beside it.
import type { UploadContentType } from './uploads.schemas';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const EXTENSIONS: Record<UploadContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/svg+xml': 'svg',
};

export function detectImageType(data: Buffer): UploadContentType | null {
  // JPEG: SOI marker followed by another marker (FF D8 FF).
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  // PNG: the 8-byte signature, then the IHDR chunk that must come first.
  if (data.length >= 16 && data.subarray(0, 8).equals(PNG_SIGNATURE) && data.subarray(12, 16).toString('latin1') === 'IHDR') {
    return 'image/png';
  }
  if (isSvgDocument(data)) return 'image/svg+xml';
  return null;
}

/**
 * True when the bytes are a UTF-8 XML document whose root element is <svg>: an optional prolog (XML
 * declaration, processing instructions, comments, a DOCTYPE without an internal subset), the <svg> start tag,
 * and nothing but whitespace or comments after the closing </svg>. An internal DTD subset is refused: it can
 * declare entities (billion laughs, external entities) and no drawing tool needs one.
 */
export function isSvgDocument(data: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  if (text.includes('\u0000')) return false;
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  for (;;) {
    skipSpace();
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0) return false;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return false;
      i = end + 3;
    } else if (text.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') {
      const end = text.indexOf('>', i);
      if (end < 0 || text.slice(i, end).includes('[')) return false;
      i = end + 1;
    } else {
      break;
    }
  }
  if (!/^<svg[\s/>]/.test(text.slice(i, i + 5))) return false;

  let tail = text.trimEnd();
  while (tail.endsWith('-->')) {
    const start = tail.lastIndexOf('<!--');
    if (start < i) return false;
    tail = tail.slice(0, start).trimEnd();
  }
  if (tail.endsWith('</svg>')) return true;
  // A self-closed root (<svg .../>) is an empty but valid document.
  const firstTagEnd = text.indexOf('>', i);
  return firstTagEnd === tail.length - 1 && tail.endsWith('/>');
}
