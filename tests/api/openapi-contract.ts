// expectDocumented(res, 'GET /api/v1/…/{id}'): the real response's status is one the OpenAPI document lists for that
// operation, and its body validates against the documented schema for that status. One line in any API test.
import { expect } from 'vitest';
import type { Response } from 'supertest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { openApiDocument } from '#src/openapi/document';

type Schema = Record<string, unknown>;

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

function resolve(schema: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const schemas = openApiDocument().components.schemas as Record<string, Schema>;
  return schemas[ref.replace('#/components/schemas/', '')];
}

/** The documented path a concrete one matches (literal segments win over parameters: /brand-members/me, not /{id}). */
function documentedPath(method: string, concrete: string): string | undefined {
  const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
  const matches = Object.keys(paths).filter(
    (template) =>
      paths[template][method] !== undefined &&
      new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`).test(concrete),
  );
  return matches.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

/**
 * `operation` is 'METHOD /path' with the path exactly as documented (OpenAPI `{param}` form); without it, the
 * operation is found from the request supertest made.
 */
export function expectDocumented(res: Response, operation?: string): void {
  let method: string;
  let path: string;
  if (operation) [method, path] = operation.split(' ');
  else {
    const req = (res as unknown as { req: { method: string; path: string } }).req;
    method = req.method;
    const concrete = req.path.split('?')[0];
    path = documentedPath(method.toLowerCase(), concrete) ?? concrete;
    operation = `${method} ${path}`;
  }
  const item = (openApiDocument().paths as Record<string, Record<string, { responses: Record<string, Schema> }>>)[path];
  expect(item?.[method.toLowerCase()], `${operation} is not documented`).toBeDefined();
  const responses = item[method.toLowerCase()].responses;
  const documented = responses[String(res.status)] as { content?: Record<string, { schema: Schema }> } | undefined;
  expect(documented, `${operation} answered ${res.status}, which the document does not list`).toBeDefined();
  const json = documented?.content?.['application/json'];
  if (!json) {
    expect(res.text ?? '', `${operation} ${res.status} is documented without a body`).toBe('');
    return;
  }
  const key = `${operation} ${res.status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(resolve(json.schema));
    compiled.set(key, validate);
  }
  const valid = validate(res.body);
  expect(valid ? [] : validate.errors, `${key}: the body disagrees with the document`).toEqual([]);
}
