// The contract between the API tests and the OpenAPI document. Every supertest response of an /api/v1 or
// /brand/api/v1 call is checked automatically (tests/setup/openapi-contract.setup.ts patches supertest's promise):
// its status is one the document lists for that operation, and its body validates against the documented schema
// for that status (objects are closed: a renamed or extra field fails). `expectDocumented(res)` states the same
// check explicitly; `unchecked(test)` opts one deliberately malformed call out (say why beside it).
import { expect } from 'vitest';
import type { Response, Test } from 'supertest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { openApiDocument } from '#server/api/api-routes';

type Schema = Record<string, unknown>;
type DocOperation = { responses: Record<string, { content?: Record<string, { schema: Schema }> }> };

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
/** One compiled validator per distinct schema (every 422 shares the Error schema's), compiled on first use. */
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** `#/components/schemas/X` becomes `#/$defs/X`, so one schema carries the components it references. */
const toDefs = (json: string) => JSON.parse(json.replaceAll('"#/components/schemas/', '"#/$defs/')) as Schema;

function validator(schema: Schema) {
  const json = JSON.stringify(schema);
  let validate = compiled.get(json);
  if (!validate) {
    // Only the components this schema reaches (compiling all of them for every schema costs seconds).
    const components = openApiDocument().components.schemas as Record<string, Schema>;
    const defs: Record<string, Schema> = {};
    const pending = [json];
    while (pending.length > 0) {
      for (const [, name] of (pending.pop() ?? '').matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
        if (defs[name] || !components[name]) continue;
        defs[name] = components[name];
        pending.push(JSON.stringify(components[name]));
      }
    }
    validate = ajv.compile({ ...toDefs(json), $defs: toDefs(JSON.stringify(defs)) });
    compiled.set(json, validate);
  }
  return validate;
}

const templates = new Map<string, RegExp>();

/** The documented path a concrete one matches (literal segments win over parameters: /brand-members/me, not /{id}). */
export function documentedPath(method: string, concrete: string): string | undefined {
  const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
  const matches = Object.keys(paths).filter((template) => {
    if (paths[template][method] === undefined) return false;
    let pattern = templates.get(template);
    if (!pattern) {
      pattern = new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`);
      templates.set(template, pattern);
    }
    return pattern.test(concrete);
  });
  return matches.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

const isApiPath = (path: string) => path.startsWith('/api/v1/') || path.startsWith('/brand/api/v1/');

/**
 * What is wrong with a response against the document (undefined: nothing). `operation` is 'METHOD /path' as
 * documented; without it, the operation is found from the request supertest made (paths outside /api/v1 and
 * /brand/api/v1, and paths no route has, are not operations: nothing is checked).
 */
export function contractViolation(res: Response, operation?: string): string | undefined {
  let method: string;
  let path: string;
  if (operation) [method, path] = operation.split(' ');
  else {
    const req = (res as unknown as { req: { method: string; path: string } }).req;
    method = req.method;
    const concrete = req.path.split('?')[0];
    if (!isApiPath(concrete)) return undefined;
    const found = documentedPath(method.toLowerCase(), concrete);
    // Not an operation (an unregistered path: the API's 404, or the input check's 400/422 before any route).
    // tests/api/openapi.test.ts keeps every registered route in the document.
    if (!found) return undefined;
    path = found;
    operation = `${method} ${path}`;
  }
  const item = (openApiDocument().paths as Record<string, Record<string, DocOperation>>)[path];
  const documentedOperation = item?.[method.toLowerCase()];
  if (!documentedOperation)
    return `${operation} is not documented (declare it in its area's list: server/api/v1/<area>.routes.ts or server/brand-api/v1/)`;
  const documented = documentedOperation.responses[String(res.status)];
  if (!documented) {
    return `${operation} answered ${res.status}, which the document does not list (add it to the route's declaration: errors, status or alternative)`;
  }
  const content = documented.content;
  if (!content) return (res.text ?? '') === '' ? undefined : `${operation} ${res.status} is documented without a body but has one`;
  const type = String(res.headers['content-type'] ?? '').split(';')[0];
  const media = content[type];
  if (!media) return `${operation} ${res.status} answered ${type || 'no content type'}, documented: ${Object.keys(content).join(', ')}`;
  if (type !== 'application/json') return undefined;
  if (Object.keys(media.schema).length === 0) {
    return `${operation} ${res.status} has no documented response schema (give the route's declaration a \`response\` zod schema)`;
  }
  const validate = validator(media.schema);
  if (validate(res.body)) return undefined;
  const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  return `${operation} ${res.status}: the body disagrees with the document:\n  ${errors.join('\n  ')}`;
}

/** The real response's status and body are the documented ones (fails the test otherwise). */
export function expectDocumented(res: Response, operation?: string): void {
  const violation = contractViolation(res, operation);
  expect(violation, violation).toBeUndefined();
}

const exempt = new WeakSet<object>();

/** Opts one call out of the automatic check (a call the test deliberately breaks below the API, e.g. a raw socket). */
export function unchecked<T extends Test>(test: T): T {
  exempt.add(test);
  return test;
}

export const isUnchecked = (test: object) => exempt.has(test);
