// The contract between the Express app and the OpenAPI document: both are built from the same route declarations
// (server/api/api-routes.ts), and this checks the outcome: the same routes, a well-formed OpenAPI 3.1 document, and
// every limit the schemas state visible in it.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { buildOpenApiDocument } from '#src/openapi/document';
import { apiOperations, openApiDocument } from '#server/api/api-routes';
import { communityFormSchema } from '#src/modules/communities/communities.schemas';
import { z } from 'zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { contractViolation, expectDocumented } from '#tests/api/openapi-contract';
import { API_DOCS_CSP } from '#server/api/v1/openapi.routes';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  /** The path the layer was mounted with (Express 5.3 / router 2.x). */
  rawPath?: unknown;
}

function registered(stack: Layer[], prefix = ''): string[] {
  const found: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all' && method !== 'head') found.push(`${method.toUpperCase()} ${prefix}${path}`);
        }
      }
    } else if (layer.handle?.stack) {
      if (typeof layer.rawPath !== 'string') throw new Error('a router mounted without a string path');
      found.push(...registered(layer.handle.stack, prefix + (layer.rawPath === '/' ? '' : layer.rawPath)));
    }
  }
  return found;
}

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('documents exactly the routes registered under /api/v1 and /brand/api/v1', () => {
    const stack = (t.app as unknown as { router: { stack: Layer[] } }).router.stack;
    const routes = registered(stack)
      .filter((r) => / \/api\/v1\//.test(r) || / \/brand\/api\/v1\//.test(r))
      .map((r) => {
        const [method, path] = r.split(' ');
        return `${method} ${toOpenApiPath(path)}`;
      });
    const doc = buildOpenApiDocument(apiOperations());
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes.length).toBeGreaterThan(80);
    expect(new Set(routes).size).toBe(routes.length);
    expect([...new Set(documented)].sort()).toEqual([...new Set(routes)].sort());
  });

  it('is served at GET /api/v1/openapi.json as OpenAPI 3.1 with the session cookies and the error shapes', async () => {
    const res = await request(t.app).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe('たびとこ API');
    expect(doc.components.securitySchemes.marketplaceSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    expect(doc.components.securitySchemes.brandPortalSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    expect(doc.components.schemas.Error.required).toEqual(['status', 'message', 'messages']);
    expect(doc.paths['/api/v1/openapi.json']).toBeDefined();

    // A maintained validator (the OpenAPI 3.1 JSON Schema, strict about unknown fields) finds no error.
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // …and it does refuse a broken one (a response without its description).
    const broken = structuredClone(doc);
    delete broken.paths['/api/v1/me'].get.responses['200'].description;
    expect((await new Validator().validate(broken)).valid).toBe(false);

    // Structure: every operation has an id, a Japanese summary, responses with descriptions, and its path
    // parameters declared; every $ref resolves.
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
      expect(path).toMatch(/^\/(brand\/)?api\/v1\//);
      for (const [method, operation] of Object.entries(item)) {
        expect(['get', 'post', 'put', 'patch', 'delete']).toContain(method);
        const id = operation.operationId as string;
        expect(id).toMatch(/^\w+$/);
        expect(ids.has(id), id).toBe(false);
        ids.add(id);
        expect(operation.summary).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
        const responses = operation.responses as Record<string, { description: string }>;
        expect(Object.keys(responses).length).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(responses)) {
          expect(status).toMatch(/^[1-5]\d\d$/);
          expect(response.description.length).toBeGreaterThan(0);
        }
        const declared = ((operation.parameters ?? []) as { name: string; in: string }[]).filter((p) => p.in === 'path').map((p) => p.name);
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(declared.sort()).toEqual(inPath.sort());
      }
    }
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const target = ref.slice(8, -1);
      expect(target.startsWith('#/components/schemas/'), target).toBe(true);
      expect(doc.components.schemas[target.slice('#/components/schemas/'.length)], target).toBeDefined();
    }
    expect(JSON.stringify(doc)).not.toContain('"$defs"');
  });

  it('states the limits the services enforce (lengths, ranges, enums)', async () => {
    const doc = (await request(t.app).get('/api/v1/openapi.json')).body;
    const body = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
    // The community name (its title): the same limit as the schema the brand portal and the administrator validate with.
    const title = (
      z.toJSONSchema(communityFormSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { maxLength?: number }> }
    ).properties.name;
    expect(title.maxLength).toBeGreaterThan(0);
    expect(body('/brand/api/v1/communities', 'post').properties.name.maxLength).toBe(title.maxLength);
    expect(body('/api/v1/admin/communities', 'post').properties.name.maxLength).toBe(title.maxLength);
    // Sign-up: email format and password length.
    const signUp = body('/api/v1/users', 'post');
    expect(JSON.stringify(signUp.properties.email)).toMatch(/"format":"email"|"maxLength"/);
    expect(signUp.required).toEqual(expect.arrayContaining(['email', 'password']));
    // A query parameter keeps its schema's limits, and path ids their range.
    const reviews = doc.paths['/api/v1/experiences/{id}/reviews'].get.parameters as { name: string; in: string; schema: unknown }[];
    expect(reviews.find((p) => p.in === 'path' && p.name === 'id')?.schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 2_147_483_647,
    });
    expect(reviews.some((p) => p.in === 'query' && p.name === 'page')).toBe(true);

    // Limits that live in transforms and refinements are stated too.
    const stories = doc.paths['/api/v1/stories'].get.parameters as { name: string; required: boolean; schema: Record<string, unknown> }[];
    expect(stories.find((p) => p.name === 'page')).toMatchObject({ required: false, schema: { minimum: 1, maximum: 10_000 } });
    const pageOf = (path: string) =>
      (doc.paths[path].get.parameters as { name: string; required: boolean }[]).find((p) => p.name === 'page');
    expect(pageOf('/api/v1/ambassadors')).toMatchObject({ required: false });
    const experience = body('/api/v1/experiences', 'post');
    expect(experience.properties.price.anyOf).toContainEqual({ type: 'integer', minimum: 0, maximum: 10_000_000 });
    expect(experience.properties.cancellation_period.enum).toEqual([2, 7, 30]);
    const slot = experience.properties.calendars.anyOf[0].items;
    expect(slot.properties.start_time.pattern).toBe('^(?:0[6-9]|1\\d|2[0-3]):(?:00|30)$');
    expect(slot.properties.date.format).toBe('date');
    // The invitation acceptance's schemas (brand-members.schemas.ts) are documented.
    const accept = body('/brand/api/v1/brand-members/invitation', 'put');
    expect(accept.required).toEqual(expect.arrayContaining(['invitation_token', 'password']));
    expect(accept.properties.invitation_token.maxLength).toBe(200);
    const check = doc.paths['/brand/api/v1/brand-members/invitation'].get.parameters as { name: string }[];
    expect(check.map((p) => p.name).sort()).toEqual(['email', 'invitation_token']);
  });

  it('shows examples taken from the demo data, each valid against its response schema', async () => {
    const doc = (await request(t.app).get('/api/v1/openapi.json')).body;
    const examples = apiOperations().filter((operation) => operation.example !== undefined);
    expect(examples.length).toBeGreaterThan(15);
    for (const { method: lower, path, example } of examples) {
      const method = lower.toUpperCase();
      const operation = `${method} ${path}`;
      const success = Object.entries(doc.paths[path][method.toLowerCase()].responses).find(([status]) => status.startsWith('2'));
      expect(success, operation).toBeDefined();
      const [status, response] = success as [string, { content: Record<string, { example: unknown }> }];
      expect(response.content['application/json'].example).toEqual(example);
      const res = { status: Number(status), body: example, text: JSON.stringify(example), headers: { 'content-type': 'application/json' } };
      expect(contractViolation(res as never, operation), operation).toBeUndefined();
    }
    // The demo's experience 1 is the example of the experience JSON.
    const experience = examples.find((operation) => operation.method === 'get' && operation.path === '/api/v1/experiences/{id}');
    expect(experience?.example).toMatchObject({ id: 1, title: expect.any(String) });
  });

  it('documents the error handler’s shapes for each status an operation can answer', async () => {
    const doc = (await request(t.app).get('/api/v1/openapi.json')).body;
    const reserve = doc.paths['/api/v1/reservations'].post.responses;
    expect(Object.keys(reserve)).toEqual(expect.arrayContaining(['201', '202', '401', '402', '403', '409', '422', '429', '503']));
    expect(reserve['402'].content['application/json'].schema.$ref).toBe('#/components/schemas/PaymentError');
    expect(reserve['422'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    // The real 401 of a protected call has the documented shape.
    const res = await request(t.app).get('/api/v1/experience_drafts');
    expect(Object.keys(doc.paths['/api/v1/experience_drafts'].get.responses)).toContain(String(res.status));
    expect(Object.keys(res.body).sort()).toEqual(['message', 'messages', 'status']);
  });

  it('the real answers of calls validate against the documented responses (expectDocumented)', async () => {
    expectDocumented(await request(t.app).get('/api/v1/experience_drafts'), 'GET /api/v1/experience_drafts');
    expectDocumented(await request(t.app).get('/api/v1/experiences/999999'), 'GET /api/v1/experiences/{id}');
    expectDocumented(await request(t.app).get('/api/v1/experiences/abc'), 'GET /api/v1/experiences/{id}');
    expectDocumented(await request(t.app).post('/api/v1/sessions').send({}), 'POST /api/v1/sessions');
    expectDocumented(await request(t.app).delete('/api/v1/sessions'), 'DELETE /api/v1/sessions');
    expectDocumented(await request(t.app).get('/api/v1/categories'), 'GET /api/v1/categories');
    expectDocumented(await request(t.app).get('/brand/api/v1/brand-members/me'), 'GET /brand/api/v1/brand-members/me');
    // Without the operation, it is found from the request (literal segments before parameters).
    expectDocumented(await request(t.app).get('/brand/api/v1/brand-members/me'));
    expectDocumented(await request(t.app).get('/api/v1/experiences/12345/reviews?page=2'));
    expect(() =>
      expectDocumented({ status: 200, body: {}, req: { method: 'GET', path: '/api/v1/nowhere' } } as never, 'GET /api/v1/nowhere'),
    ).toThrow(/not documented/);
    // The helper fails when the status is not documented or the body has another shape.
    const undocumented = await request(t.app).get('/api/v1/categories');
    undocumented.status = 418;
    expect(() => expectDocumented(undocumented, 'GET /api/v1/categories')).toThrow(/does not list/);
    const wrongShape = await request(t.app).get('/api/v1/experience_drafts');
    wrongShape.body = { status: 401 };
    expect(() => expectDocumented(wrongShape, 'GET /api/v1/experience_drafts')).toThrow(/disagrees/);
    // 2xx bodies are checked field by field: a renamed, missing or extra field fails.
    const categories = await request(t.app).get('/api/v1/categories');
    expect(categories.status).toBe(200);
    const { id, name } = categories.body.categories[0];
    const renamed = { ...categories, body: { categories: [{ id, title: name }] } };
    expect(() => expectDocumented(renamed as never, 'GET /api/v1/categories')).toThrow(/disagrees/);
    const extra = { ...categories, body: { categories: [{ id, name, slug: 'x' }] } };
    expect(() => expectDocumented(extra as never, 'GET /api/v1/categories')).toThrow(/additional/);
    // A route whose success has no response schema fails, naming the route and where to add it.
    type Documented = { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } };
    const documented = (openApiDocument().paths['/api/v1/categories'] as Documented).get.responses['200'].content['application/json'];
    const schema = documented.schema;
    documented.schema = {};
    try {
      expect(() => expectDocumented(categories, 'GET /api/v1/categories')).toThrow(
        /GET \/api\/v1\/categories 200 has no documented response schema.*the route's declaration/,
      );
    } finally {
      documented.schema = schema;
    }
  });

  it('GET /api/docs is the Swagger UI viewer served from this server under its own CSP, listing every operation without JavaScript too', async () => {
    const res = await request(t.app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toBe(API_DOCS_CSP);
    expect(API_DOCS_CSP).toContain("script-src 'self'");
    expect(API_DOCS_CSP).not.toMatch(/unsafe-eval|https?:/);
    expect(res.text).toContain('<html lang="ja">');
    expect(res.text).toContain('たびとこ API リファレンス');
    expect(res.text).toContain('href="/api/v1/openapi.json"');
    // No inline script (the CSP would refuse it): the viewer and its start-up are files of this server.
    const scripts = [...res.text.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, inline] of scripts) {
      expect(inline).toBe('');
      const src = /src="([^"]+)"/.exec(attributes)?.[1] ?? '';
      expect(src).toMatch(/^\/api\/docs\/viewer\//);
      const file = await request(t.app).get(src);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toMatch(/javascript/);
    }
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(res.text)?.[1] ?? '';
    expect((await request(t.app).get(stylesheet)).headers['content-type']).toMatch(/text\/css/);
    // Only the viewer's two files of the package are served.
    expect((await request(t.app).get(stylesheet.replace('swagger-ui.css', 'package.json'))).status).toBe(404);
    // The server-rendered list (shown when JavaScript is off) names every operation.
    const doc = buildOpenApiDocument(apiOperations());
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const operation of Object.values(item) as { summary: string }[]) {
        expect(res.text).toContain(`<code>${path}</code>`);
        expect(res.text).toContain(operation.summary);
      }
    }
  });
});
