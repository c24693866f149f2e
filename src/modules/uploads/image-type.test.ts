import { describe, expect, it } from 'vitest';
import { detectImageType, isSvgDocument } from './image-type';

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const svg = (text: string) => Buffer.from(text, 'utf8');

describe('detectImageType', () => {
  it('recognises JPEG and PNG by their signatures', () => {
    expect(detectImageType(JPEG_HEAD)).toBe('image/jpeg');
    expect(detectImageType(PNG_1x1)).toBe('image/png');
  });

  it('refuses text, truncated signatures and other formats', () => {
    expect(detectImageType(Buffer.from('just some text that is not an image'))).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(PNG_1x1.subarray(0, 10))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });

  it('recognises an SVG document', () => {
    expect(detectImageType(svg('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'))).toBe('image/svg+xml');
  });
});

describe('isSvgDocument', () => {
  it('accepts a prolog, comments, a plain DOCTYPE, a BOM and trailing comments', () => {
    const text =
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Illustrator -->\n' +
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
      '<svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n  <circle r="4"/>\n</svg>\n<!-- end -->\n';
    expect(isSvgDocument(svg(text))).toBe(true);
    expect(isSvgDocument(svg('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(true);
  });

  it('refuses documents whose root is not <svg>', () => {
    expect(isSvgDocument(svg('<html><body><svg></svg></body></html>'))).toBe(false);
    expect(isSvgDocument(svg('<svgfoo></svgfoo>'))).toBe(false);
    expect(isSvgDocument(svg('hello <svg></svg>'))).toBe(false);
    expect(isSvgDocument(svg('<svg><rect/></svg><script>alert(1)</script>'))).toBe(false);
    expect(isSvgDocument(svg('<svg><rect/>'))).toBe(false);
    expect(isSvgDocument(svg('<!-- unterminated <svg></svg>'))).toBe(false);
  });

  it('refuses an internal DTD subset (entity expansion) and bytes that are not UTF-8', () => {
    expect(isSvgDocument(svg('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>'))).toBe(false);
    expect(isSvgDocument(Buffer.concat([svg('<svg>'), Buffer.from([0xff, 0xfe]), svg('</svg>')]))).toBe(false);
    expect(isSvgDocument(svg('<svg>\u0000</svg>'))).toBe(false);
  });
});
