// A property-based fuzzer driven by the OpenAPI document, against the app serving HTTP on the
// demo data. For every documented operation, fast-check builds calls from the operation's own parameter and body
// schemas (valid values, and values the document says are invalid: wrong types, out of range, unknown keys) and
// sends them as the administrator (/api/v1), the brand member (/brand/api/v1) or a guest. Every answer must be below
// 500 and agree with the document (status listed, body valid against its schema). A bounded number of runs per
// operation; a failure prints the seed and the shrunk call.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { DatabaseSeeder } from '#seeds/DatabaseSeeder';
import { DEMO_PASSWORD } from '#seeds/demo-accounts';
import { buildOpenApiDocument } from '#src/openapi/document';
import { apiOperations } from '#server/api/api-routes';
import { contractViolation, unchecked } from '#tests/api/openapi-contract';
import { ONE_LINE_PATTERN } from '#src/lib/isomorphic/validate';

type Schema = Record<string, unknown>;
type Agent = ReturnType<typeof request.agent>;
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}
interface DocOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security: Array<Record<string, string[]>>;
}

/** Calls per operation (x ~90 operations). */
const RUNS = 6;
/** Signing out would end the fuzzing agents' sessions. */
const SKIPPED = new Set(['delete /api/v1/sessions', 'delete /brand/api/v1/brand-members/sign-out']);

let t: TestApp;
let admin: Agent;
let brandMember: Agent;
let ipCounter = 0;
const nextIp = () => `203.0.113.${(++ipCounter % 250) + 1}`;

beforeAll(async () => {
  t = await setupTestApp();
  await t.orm.seeder.seed(DatabaseSeeder);
  admin = request.agent(t.app);
  expect(
    (await admin.post('/api/v1/sessions').set('X-Forwarded-For', nextIp()).send({ email: 'admin@example.com', password: DEMO_PASSWORD }))
      .status,
  ).toBe(201);
  brandMember = request.agent(t.app);
  const signIn = await brandMember
    .post('/brand/api/v1/brand-members/sign-in')
    .set('X-Forwarded-For', nextIp())
    .send({ email: 'brand@example.com', password: DEMO_PASSWORD });
  expect(signIn.status).toBe(201);
}, 120_000);

/** A value the schema accepts (as far as JSON Schema says: refinements may still refuse it, with a 4xx). */
function valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valid(s, depth)));
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((one) => valid({ ...schema, type: one }, depth)));
  switch (type) {
    case 'string': {
      // A one-line text is free text within its lengths (the units below are all one line); other patterns are formats.
      if (typeof schema.pattern === 'string' && schema.pattern !== ONE_LINE_PATTERN.source)
        return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, 200));
      if (schema.format === 'date')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'email') return fc.emailAddress();
      const maxLength = Math.min(Number(schema.maxLength ?? 40), 60);
      const minLength = Math.min(Number(schema.minLength ?? 0), maxLength);
      return fc.oneof(
        fc.string({ minLength, maxLength, unit: fc.constantFrom('a', 'Z', '0', '9', 'あ', '体', 'ー', ' ', '-', '@', '.', '/') }),
        fc.string({ minLength, maxLength, unit: 'grapheme' }),
      );
    }
    case 'integer':
    case 'number': {
      const min = Math.max(Number(schema.minimum ?? -1000), -1_000_000_000);
      const max = Math.min(Number(schema.maximum ?? 1_000_000), 2_147_483_647);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 3) return fc.constant([]);
      const items = (schema.items as Schema | undefined) ?? {};
      return fc.array(valid(items, depth + 1), { maxLength: Math.min(Number(schema.maxItems ?? 3), 3) });
    }
    case 'object':
      return object(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function object(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  if (depth > 3 || Object.keys(properties).length === 0) return fc.constant({});
  return fc.record(Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, maybeInvalid(property, depth + 1)])), {
    requiredKeys: required.filter((name) => name in properties),
  });
}

/** Mostly valid, sometimes what the document refuses (the server must refuse it with a documented 4xx). */
function maybeInvalid(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: valid(schema, depth) },
    { weight: 1, arbitrary: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom('', -1, 2 ** 40, '\u3000', 'x'.repeat(300))) },
  );
}

/** Path ids: seeded rows (1..40), an unknown one, and malformed ones (the resource's 404). */
const pathId = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('0', '987654', '2147483648', 'abc', '1.5', '-1') },
);

function queryString(values: Record<string, unknown>): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    query[name] = Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  }
  return query;
}

const doc = buildOpenApiDocument(apiOperations());
const operations = Object.entries(doc.paths as Record<string, Record<string, DocOperation>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => !SKIPPED.has(`${method} ${path}`))
    .map(([method, operation]) => ({ method, path, operation })),
);

describe('the document-driven fuzzer', () => {
  it('covers every documented operation but the two sign-outs', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  for (const { method, path, operation } of operations) {
    it(`${method.toUpperCase()} ${path}: no 5xx, every answer as documented`, async () => {
      const parameters = operation.parameters ?? [];
      const pathParameters = parameters.filter((p) => p.in === 'path');
      const queryParameters = parameters.filter((p) => p.in === 'query');
      const media = operation.requestBody ? Object.keys(operation.requestBody.content)[0] : undefined;
      const bodySchema = media ? operation.requestBody?.content[media].schema : undefined;
      const call = fc.record({
        ids: fc.tuple(...pathParameters.map(() => pathId)),
        query: object(
          {
            properties: Object.fromEntries(queryParameters.map((p) => [p.name, p.schema])),
            required: queryParameters.filter((p) => p.required).map((p) => p.name),
          },
          0,
        ),
        body: bodySchema
          ? fc.oneof({ weight: 8, arbitrary: valid(bodySchema) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) })
          : fc.constant(undefined),
        guest: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
      });
      await fc.assert(
        fc.asyncProperty(call, async ({ ids, query, body, guest }) => {
          let concrete = path;
          for (const [i, parameter] of pathParameters.entries())
            concrete = concrete.replace(`{${parameter.name}}`, encodeURIComponent(String(ids[i])));
          const agent = guest ? request(t.app) : path.startsWith('/brand/') ? brandMember : admin;
          let test = unchecked(agent[method as 'get'](concrete).query(queryString(query)).set('X-Forwarded-For', nextIp()));
          if (media === 'multipart/form-data') {
            for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
              if (name !== 'file' && value != null) test = test.field(name, String(value));
            }
          } else if (body !== undefined) test = test.set('Content-Type', 'application/json').send(JSON.stringify(body));
          const res = await test;
          const where = `${method.toUpperCase()} ${concrete} ${JSON.stringify(query)} ${JSON.stringify(body)?.slice(0, 300)} → ${res.status} ${(res.text ?? `(${res.headers['content-type']})`).slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          const violation = contractViolation(res, `${method.toUpperCase()} ${path}`);
          expect(violation, `${where}\n${violation}`).toBeUndefined();
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    });
  }
});
