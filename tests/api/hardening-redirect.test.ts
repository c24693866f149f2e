// The return path after signing in or up (/logon?redirect=…, the brand portal's return path) is a
// same-origin path after the browser's own URL parsing. The logon page reads the query through Vike, which decodes
// it once, then safeRedirect; so each variant is checked raw, once encoded and twice encoded.
import { describe, expect, it } from 'vitest';
import type { PageContextServer } from 'vike/types';
import { logonUrl, safeRedirect } from '#src/lib/isomorphic/api-client';
import { data as brandSignInData } from '#pages/brand/sign_in/+data';

/** Where a browser on https://tabitoko.example would go with this value as the href. */
function browserTarget(path: string): URL {
  return new URL(path, 'https://tabitoko.example/logon');
}

const hostile = [
  '/\t/evil.example/phish',
  '/\n/evil.example/phish',
  '/\r/evil.example/phish',
  '/\r\n/evil.example/phish',
  '/%09/evil.example/phish',
  '/%0a/evil.example/phish',
  '/%0D/evil.example/phish',
  '/%5C/evil.example/phish',
  '/%5c%5cevil.example/phish',
  '//evil.example/phish',
  '///evil.example/phish',
  '/%2F/evil.example/phish',
  '/%2f%2fevil.example',
  '/\\evil.example/phish',
  '/\\\\evil.example/phish',
  '\\\\evil.example/phish',
  '\t//evil.example',
  ' //evil.example',
  'https://evil.example/phish',
  'http:evil.example',
  'https:/evil.example',
  '//evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/%00/evil.example',
  '/\u0000/evil.example',
  '/\u007f/evil.example',
  '/%E2%80%AE/evil',
  '',
];

describe('safeRedirect: every variant the probe listed', () => {
  for (const value of hostile) {
    for (const [label, input] of [
      ['raw', value],
      ['encoded', encodeURIComponent(value)],
      ['double-encoded', encodeURIComponent(encodeURIComponent(value))],
    ] as const) {
      it(`${label} ${JSON.stringify(value)} never leaves the site`, () => {
        const result = safeRedirect(input);
        const target = browserTarget(result);
        expect(target.origin).toBe('https://tabitoko.example');
        expect(target.protocol).toBe('https:');
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not come back.
        expect(result).not.toMatch(/[\\\u0000-\u001f\u007f]/);
      });
    }
  }

  it('the tab, newline and backslash variants fall back to the home page', () => {
    for (const value of [
      '/\t/evil.example/phish',
      '/\n/evil.example/phish',
      '/%09/evil.example/phish',
      '/%5C/evil',
      '/\\\\evil',
      '//evil',
    ]) {
      expect(safeRedirect(value)).toBe('/');
    }
  });

  it('keeps an ordinary same-site path with its query and hash', () => {
    expect(safeRedirect('/stories/12?from=list#calendar')).toBe('/stories/12?from=list#calendar');
    expect(safeRedirect('/stories/%E4%BA%AC%E9%83%BD')).toBe('/stories/%E4%BA%AC%E9%83%BD');
  });

  it('the logon page link round-trips a return path, and a hostile one does not survive it', () => {
    for (const value of ['/stories/12/calendars', '/\t/evil.example', '//evil.example', '/%5Cevil']) {
      const link = new URL(logonUrl(value), 'https://tabitoko.example');
      // What the page passes to safeRedirect: the query value, decoded once (Vike's urlParsed.search).
      const fromPage = safeRedirect(link.searchParams.get('redirect'));
      expect(browserTarget(fromPage).origin).toBe('https://tabitoko.example');
      if (value === '/stories/12/calendars') expect(fromPage).toBe(value);
      else expect(fromPage).toBe('/');
    }
  });

  it('the brand portal scope refuses paths outside /brand, also through dot segments', () => {
    expect(safeRedirect('/brand/experiences', '/brand')).toBe('/brand/experiences');
    expect(safeRedirect('/brand/../admin', '/brand')).toBe('/brand');
    expect(safeRedirect('/brand/%2E%2E/admin', '/brand')).toBe('/brand');
    expect(safeRedirect('/\t/evil.example', '/brand')).toBe('/brand');
  });
});

describe('the server-side redirect of the brand sign-in page (a signed-in member goes to the return path)', () => {
  /** The target of the redirect the page's data hook throws for this ?redirect= value (decoded once, as by Vike). */
  function serverRedirect(value: string): string {
    const pageContext = {
      ctx: { actor: { kind: 'brandMember' } },
      urlParsed: { search: { redirect: value } },
    } as unknown as PageContextServer;
    try {
      brandSignInData(pageContext);
    } catch (error) {
      const abort = (error as { _pageContextAbort?: { _urlRedirect?: { url: string } } })._pageContextAbort;
      if (abort?._urlRedirect) return abort._urlRedirect.url;
      throw error;
    }
    throw new Error('no redirect');
  }

  it('stays under /brand for every hostile variant, and keeps a good one', () => {
    for (const value of hostile) {
      for (const input of [value, encodeURIComponent(value)]) {
        const target = serverRedirect(input);
        expect(target === '/brand' || target.startsWith('/brand/')).toBe(true);
        expect(browserTarget(target).origin).toBe('https://tabitoko.example');
      }
    }
    expect(serverRedirect('/brand/communities/3')).toBe('/brand/communities/3');
  });
});
