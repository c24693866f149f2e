// GET /api/docs: the reference page of the OpenAPI document (GET /api/v1/openapi.json, server/api/api-routes.ts),
// rendered in the browser by Swagger UI (swagger-ui-dist, served from this server: never part of the guest pages'
// bundles), with the server-rendered list of every operation for readers without JavaScript. Its own Content-Security-Policy allows exactly what the viewer needs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Router } from 'express';
import { openApiDocument } from '#server/api/api-routes';
import * as ja from '#src/i18n/ja';
import { type KeptBody, sendKept } from '#server/compress';

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
  const viewerBase = `/api/docs/viewer/${viewerVersion}`;
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
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title><link rel="stylesheet" href="${viewerBase}/swagger-ui.css"><style>body{font-family:system-ui,sans-serif;margin:0;color:#222}header,#operations-fallback{margin:1.5rem auto;max-width:72rem;padding:0 1rem}table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}th,td{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}code{font-size:.9em}</style></head><body><header id="docs-header"><h1>${t.title}</h1><p>${t.lead}</p><p><a href="/api/v1/openapi.json">${t.documentLink}</a></p></header><div id="swagger-ui"></div><div id="operations-fallback">${sections}</div><script src="${viewerBase}/swagger-ui-bundle.js"></script><script src="/api/docs/viewer/init.js"></script></body></html>`;
}

/**
 * The viewer's CSP: its script and stylesheet from this server, the document and "Try it out" calls to this origin,
 * its inline SVG icons as data: URIs and the inline styles it sets on elements; nothing else, and no framing.
 */
export const API_DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The files of swagger-ui-dist the page loads (nothing else of the package is served). */
const VIEWER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};
const viewerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const viewerVersion = (JSON.parse(readFileSync(path.join(viewerDir, 'package.json'), 'utf8')) as { version: string }).version;

/** Starts Swagger UI on the document (a file of its own: the CSP allows no inline script). */
const VIEWER_INIT = `window.addEventListener('load', function () {
  if (!window.SwaggerUIBundle) return;
  // Swagger UI shows the title, the lead and the document's link itself.
  document.getElementById('operations-fallback').hidden = true;
  document.getElementById('docs-header').hidden = true;
  window.SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    validatorUrl: null,
    withCredentials: true,
  });
});
`;

/** The viewer's files as read, with their compressed copies. */
const viewerFiles = new Map<string, KeptBody>();

/** The reference page, mounted at /api (GET /api/docs and the viewer's files under /api/docs/viewer/). */
export function apiDocsRoutes(): Router {
  const router = Router();
  router.get('/docs', (_req, res) => {
    page ??= renderDocsPage();
    res.setHeader('Content-Security-Policy', API_DOCS_CSP);
    res.type('html').send(page);
  });
  router.get('/docs/viewer/init.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('text/javascript').send(VIEWER_INIT);
  });
  router.get(`/docs/viewer/${viewerVersion}/:file`, (req, res, next) => {
    const type = VIEWER_FILES[req.params.file];
    if (!type) return next();
    // The version is in the path, so the file never changes under its URL: read and compressed once per process.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    let file = viewerFiles.get(req.params.file);
    if (!file) {
      file = { body: readFileSync(path.join(viewerDir, req.params.file)) };
      viewerFiles.set(req.params.file, file);
    }
    sendKept(res.type(type), file);
  });
  return router;
}
