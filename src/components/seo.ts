// Site URL helpers for canonical links, Open Graph, JSON-LD and the sitemap. Isomorphic, no React.

type Headers = Record<string, string | string[] | undefined> | undefined;

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.split(',')[0]?.trim() || undefined;
}

/**
 * The public origin: APP_URL when configured (production), otherwise the request's host. The host header is checked
 * so a forged one cannot inject markup into canonical links.
 */
export function siteOrigin(appUrl: string | undefined, headers: Headers): string {
  if (appUrl) return appUrl.replace(/\/+$/, '');
  const host = first(headers?.['x-forwarded-host']) ?? first(headers?.host);
  const proto = first(headers?.['x-forwarded-proto']) === 'https' ? 'https' : 'http';
  return host && /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? `${proto}://${host}` : 'http://localhost';
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

/** JSON for a <script type="application/ld+json">: `<` escaped so user text can never close the script element. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
