// /robots.txt and /sitemap.xml, mounted before the session and Vike. Public, cacheable.
import { GUEST } from '#src/lib/context';
import type { Router } from 'express';
import type { Services } from '#src/root';
import { siteOrigin } from '#src/components/seo';

const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c] ?? c);
}

// Account, admin, portal, booking and API paths are useless to a search engine. '/brand/' and '/ambassador/' keep
// the public /brands and /ambassadors lists crawlable.
const DISALLOW = [
  '/api/',
  '/account',
  '/admin',
  '/brand/',
  '/brand$',
  '/ambassador/',
  '/host',
  '/reservations/',
  '/logon',
  '/communities/new',
];

export function seoRoutes(router: Router, services: Services): void {
  router.get('/robots.txt', (_req, res) => {
    const origin = siteOrigin(services.env);
    const lines = ['User-agent: *', 'Allow: /', ...DISALLOW.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''];
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(lines.join('\n'));
  });

  router.get('/sitemap.xml', async (req, res) => {
    const origin = siteOrigin(services.env);
    // Mounted before the session middleware: its own context, no cookie, no session lookup.
    const entries = await services.experiences.sitemapEntries(
      services.context(GUEST, () => req.log),
      {},
    );
    const urls = [
      `<url><loc>${escapeXml(origin)}/</loc></url>`,
      `<url><loc>${escapeXml(origin)}/stories</loc></url>`,
      ...entries.map((e) => `<url><loc>${escapeXml(origin)}/stories/${e.id}</loc><lastmod>${e.updated_at}</lastmod></url>`),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    // A few minutes of staleness is harmless for crawlers and keeps repeated fetches off the database.
    res.type('application/xml').set('Cache-Control', 'public, max-age=300').send(xml);
  });
}
