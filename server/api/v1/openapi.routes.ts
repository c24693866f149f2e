// GET /api/v1/openapi.json: the OpenAPI 3.1 document of the API (generated once per process).
// GET /api/docs: a server-rendered Japanese reference page listing every operation (no script, fits the CSP).
import { Router } from 'express';
import { openApiDocument } from '#src/openapi/document';
import { ja } from '#src/i18n/ja';

export function openapiRoutes(): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  return router;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

type DocOperation = { summary: string; tags: string[]; security: Array<Record<string, string[]>>; responses: Record<string, unknown> };

function authLabel(security: DocOperation['security']): string {
  const t = ja.apiDocs;
  if (security.length === 0) return t.authNone;
  if (security.some((s) => Object.keys(s).length === 0)) return t.authOptional;
  return security.some((s) => 'brandPortalSession' in s) ? t.authBrand : t.authRequired;
}

let page: string | undefined;

function renderDocsPage(): string {
  const t = ja.apiDocs;
  const doc = openApiDocument();
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, DocOperation>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const row = `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(operation.summary)}</td><td>${authLabel(operation.security)}</td><td>${Object.keys(operation.responses).join(' ')}</td></tr>`;
      const tag = operation.tags[0] ?? '';
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag]
    .map(
      ([tag, rows]) =>
        `<section><h2>${escapeHtml(tag)}</h2><table><thead><tr><th>${t.method}</th><th>${t.path}</th><th>${t.summary}</th><th>${t.auth}</th><th>${t.statuses}</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`,
    )
    .join('');
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title><style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}th,td{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}code{font-size:.9em}</style></head><body><h1>${t.title}</h1><p>${t.lead}</p><p><a href="/api/v1/openapi.json">${t.documentLink}</a></p>${sections}</body></html>`;
}

/** The reference page, mounted at /api (GET /api/docs). */
export function apiDocsRoutes(): Router {
  const router = Router();
  router.get('/docs', (_req, res) => {
    page ??= renderDocsPage();
    res.type('html').send(page);
  });
  return router;
}
