import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lateHtmlMarker, PAGE_HTML } from '#src/components/server-html';
import { pageBytes } from './inline-css';

const LINK = '<link rel="stylesheet" type="text/css" href="/assets/static/a.css">';

function clientDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inline-css-'));
  mkdirSync(path.join(dir, 'assets/static'), { recursive: true });
  writeFileSync(path.join(dir, 'assets/static/a.css'), '.a{color:red}');
  return dir;
}

describe('pageBytes', () => {
  it('inlines the stylesheets and writes each late part in place of its marker', () => {
    const html = `<head>${LINK}</head><body><ul data-server-html="cards">${lateHtmlMarker('cards')}</ul></body>`;
    const bytes = pageBytes(clientDir())(html, { cards: '<li>体験</li>' });
    expect(bytes.toString('utf8')).toBe(
      '<head><style data-href="/assets/static/a.css">.a{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/static/a.css" disabled></head>' +
        '<body><ul data-server-html="cards"><li>体験</li></ul></body>',
    );
  });

  it("writes the page's HTML in at its marker, with the late parts written into it", () => {
    const html = `<head>${LINK}</head><body><div id="root">${lateHtmlMarker(PAGE_HTML)}</div><script>1</script></body>`;
    const page = `<h1>陶芸</h1><ul>${lateHtmlMarker('cards')}</ul><p>${lateHtmlMarker('note')}</p>`;
    const bytes = pageBytes(clientDir())(html, { cards: '<li>体験</li>', note: '残りわずか' }, page);
    expect(bytes.toString('utf8')).toBe(
      '<head><style data-href="/assets/static/a.css">.a{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/static/a.css" disabled></head>' +
        '<body><div id="root"><h1>陶芸</h1><ul><li>体験</li></ul><p>残りわずか</p></div><script>1</script></body>',
    );
  });

  it('drops a marker whose part the page did not make, and leaves the links as they are without a client folder', () => {
    const html = `<head>${LINK}</head><body><ul>${lateHtmlMarker('cards')}</ul></body>`;
    expect(pageBytes(null)(html).toString('utf8')).toBe(`<head>${LINK}</head><body><ul></ul></body>`);
  });

  it('answers each page with its own bytes only, a shorter page after a longer one included', () => {
    const bytesOf = pageBytes(null);
    const long = `<body>${'陶芸🏺'.repeat(2000)}${lateHtmlMarker('note')}</body>`;
    expect(bytesOf(long, { note: '残りわずか' }).toString('utf8')).toBe(`<body>${'陶芸🏺'.repeat(2000)}残りわずか</body>`);
    const short = bytesOf('<p>空き</p>');
    expect(short.length).toBe(13);
    expect(short.toString('utf8')).toBe('<p>空き</p>');
  });
});
