// The browser side, against the built server: HTML and assets compressed, each page's CSS inlined (nothing
// render-blocking before the first paint), no admin texts in the detail page's JavaScript (its size budget is
// js-budget.test.ts), and images with their size and their WebP variants. The Lighthouse scores themselves are measured by `npm run lighthouse` (not a test:
// they depend on the machine's load).
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '#src/modules/uploads/uploads.schemas';
import * as ja from '#src/i18n/ja';
import { sharedServer } from '#tests/e2e/browser';

const base = sharedServer().baseUrl;

let storyPath: string;
beforeAll(async () => {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const id = /\/stories\/(\d+)</.exec(sitemap)?.[1];
  if (!id) throw new Error('no published experience in the sitemap');
  storyPath = `/stories/${id}`;
});

async function page(path: string, encoding = 'br, gzip'): Promise<{ res: Response; html: string }> {
  const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': encoding } });
  return { res, html: await res.text() };
}

/** The JavaScript files a page loads at once: its module script and every modulepreload. */
function scriptsOf(html: string): string[] {
  const srcs = [...html.matchAll(/<script src="([^"]+\.js)"/g), ...html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)];
  return [...new Set(srcs.map((m) => m[1]))];
}

describe('compression', () => {
  it('sends pages compressed with brotli, or gzip, with Vary: Accept-Encoding', async () => {
    for (const path of ['/', '/stories', storyPath]) {
      const br = await page(path);
      expect(br.res.status, path).toBe(200);
      expect(br.res.headers.get('content-encoding'), path).toBe('br');
      expect(br.res.headers.get('vary'), path).toMatch(/Accept-Encoding/);
      expect((await page(path, 'gzip')).res.headers.get('content-encoding'), path).toBe('gzip');
    }
  });

  it("sends the page's scripts as their build-time brotli files", async () => {
    const { html } = await page(storyPath);
    const scripts = scriptsOf(html);
    expect(scripts.length).toBeGreaterThan(3);
    for (const src of scripts) {
      const res = await fetch(`${base}${src}`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.status, src).toBe(200);
      expect(res.headers.get('content-type')?.toLowerCase(), src).toBe('text/javascript; charset=utf-8');
      // A file under 1 kB is not worth compressing and is sent as it is.
      if (Number(res.headers.get('content-length')) >= 1024 || res.headers.get('content-encoding')) {
        expect(res.headers.get('content-encoding'), src).toBe('br');
        expect(res.headers.get('vary'), src).toMatch(/Accept-Encoding/);
      }
    }
  });
});

describe('render-blocking CSS', () => {
  it('inlines every stylesheet of the page; the only stylesheet links left are disabled markers', async () => {
    for (const path of ['/', '/stories', storyPath]) {
      const { html } = await page(path);
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toMatch(/<style data-href="\/assets\/static\/[^"]+\.css">/);
      const links = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
      expect(links.length, path).toBeGreaterThan(0);
      for (const link of links) expect(link, path).toMatch(/ disabled>$/);
      // The global stylesheet's rules are in the HTML itself.
      expect(head, path).toContain('.skip-link');
    }
  });
});

describe('JavaScript on the experience page', () => {
  it('carries no admin texts (they belong to other pages)', async () => {
    const { html } = await page(storyPath);
    for (const src of scriptsOf(html)) {
      const js = await (await fetch(`${base}${src}`)).text();
      // A text of the admin area's catalogue section, which no public page reads.
      expect(js, src).not.toContain(ja.adminPages.navLabel);
    }
  });
});

/**
 * Every <img> of the HTML has width and height; a local JPEG/PNG offers its WebP variants in srcset, with sizes: every
 * variant, or for an avatar (one fixed width, `sizes="36px"`) those up to the first at least 4 times as wide.
 */
function expectResponsiveImages(path: string, html: string): { local: number } {
  const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
  expect(imgs.length, path).toBeGreaterThan(0);
  let local = 0;
  for (const img of imgs) {
    expect(img, path).toMatch(/ width="\d+"/);
    expect(img, path).toMatch(/ height="\d+"/);
    const src = / src="\/uploads\/([0-9a-f]{64})\.(?:jpg|png)"/.exec(img)?.[1];
    if (!src) continue;
    local++;
    expect(img, path).toMatch(/ sizes="[^"]+"/);
    const fixed = img.includes('class="avatar"') ? / sizes="(\d+)px"/.exec(img)?.[1] : undefined;
    const last = fixed ? IMAGE_VARIANT_WIDTHS.findIndex((width) => width >= Number(fixed) * 4) : -1;
    IMAGE_VARIANT_WIDTHS.forEach((width, i) => {
      const variant = `/uploads/${src}-${width}w.webp ${width}w`;
      if (last === -1 || i <= last) expect(img, path).toContain(variant);
      else expect(img, path).not.toContain(variant);
    });
  }
  return { local };
}

describe('images', () => {
  it('have width and height, and local photos offer their WebP variants in srcset with sizes', async () => {
    // Every picture on the three pages is checked; the newest cards of / and /stories may be other browser tests'
    // experiences without photos (one server for all of them), so only the sum must include local photos.
    let local = 0;
    for (const path of ['/', '/stories', storyPath]) {
      const { html } = await page(path);
      local += expectResponsiveImages(path, html).local;
    }
    expect(local).toBeGreaterThan(0);
  });

  it('do the same for brands, ambassadors and communities: cards, the program list, chips and member pictures', async () => {
    const list = await page('/brand_ambassador/list');
    const community = /href="\/communities\/(\d+)"/.exec(list.html)?.[1];
    const brand = /href="\/brands\/(\d+)"/.exec(list.html)?.[1];
    const ambassador = /href="\/ambassadors\/(\d+)"/.exec(list.html)?.[1];
    expect(community && brand && ambassador).toBeTruthy();
    for (const path of [
      '/brands',
      '/ambassadors',
      '/brand_ambassador/list',
      `/communities/${community}`,
      `/brands/${brand}`,
      `/ambassadors/${ambassador}`,
    ]) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      // The demo data's pictures are local JPEGs: each of these pages shows some, each with its variants.
      expect(expectResponsiveImages(path, html).local, path).toBeGreaterThan(0);
    }
  });

  it('serves the variants as WebP', async () => {
    const { html } = await page(storyPath);
    const variant = /\/uploads\/[0-9a-f]{64}-480w\.webp/.exec(html)?.[0];
    expect(variant).toBeDefined();
    const res = await fetch(`${base}${variant}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
  });
});
