// Site URL helpers for canonical links, Open Graph, JSON-LD and the sitemap. Isomorphic, no React.

/**
 * The public origin (no trailing slash) of every absolute link: canonical links, Open Graph, robots.txt, the sitemap,
 * mails, payment return URLs. APP_URL (required in production), otherwise http://localhost:PORT. Never a request
 * header (Host, X-Forwarded-Host/-Proto): robots.txt and pages are cached, so one forged header must not reach the
 * next visitor. Pages pass `pageContext.services.env`; server code calls publicBaseUrl (#src/lib/env).
 */
export function siteOrigin(env: { APP_URL?: string; PORT: number }): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

/** An absolute URL for a stored path or URL (images may be stored as '/uploads/...' or 'https://...'). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** Plain text shortened for meta descriptions (no line breaks, at most `max` characters). */
export function summarize(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** An attribute's value as React writes it: `&`, `<`, `>`, `"` and `'` as character references. */
export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ATTRIBUTE_ESCAPES[c]);
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Attributes as written after a tag's name: ` name="value"` each, in order, the values escaped (escapeAttribute). */
export function attributesHtml(attributes: Record<string, string>): string {
  let html = '';
  for (const [name, value] of Object.entries(attributes)) html += ` ${name}="${escapeAttribute(value)}"`;
  return html;
}

/** JSON for a <script type="application/ld+json">: `<` escaped so user text can never close the script element. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
