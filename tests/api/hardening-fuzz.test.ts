// The fuzz shapes (NUL, lone surrogate, a [] body, repeated query keys, a 1 MB string, unknown
// keys) against every endpoint of /api/v1 (signed in as an ADMIN) and /brand/api/v1 (signed in as a brand member),
// in one table. Every answer: no 5xx, every message Japanese, and no row of the database changed. The endpoints are
// the routes' declarations (server/api/api-routes.ts, the same lists the routers are built from), so a new endpoint is
// fuzzed as soon as it is declared.
import { beforeAll, describe, expect, it } from 'vitest';
import type request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { setupPortalBrand } from '#tests/api/brand-portal-helpers';
import { apiOperations } from '#server/api/api-routes';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Agent = ReturnType<typeof request.agent>;

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9faf]/;
/** An id no row has: the shapes that keep the path well-formed must never reach a real row. */
const NO_SUCH_ID = '987654';

/** Every declared route under a door's base, as "method path" (the path as its router has it: `/experiences/:id`). */
function routesIn(base: string): string[] {
  return apiOperations()
    .filter((operation) => operation.path.startsWith(`${base}/`))
    .map((operation) => `${operation.method} ${operation.path.slice(base.length).replace(/\{(\w+)\}/g, ':$1')}`)
    .sort();
}

const API_ROUTES = routesIn('/api/v1');
const BRAND_ROUTES = routesIn('/brand/api/v1');

/**
 * Signing out ends sessions and takes no input, so any call succeeds: those run last so they do not sign the others
 * out (`delete /account/sessions` ends the caller's other sessions).
 */
const SIGN_OUTS = new Set(['delete /sessions', 'delete /brand-members/sign-out', 'delete /account/sessions']);

/**
 * Other writes that read no input either, so any call may succeed: cancelling a pending change of address (nothing
 * pending: nothing to do) and asking for a copy of one's data (one pending request at a time).
 */
const NO_INPUT = new Set([...SIGN_OUTS, 'delete /account/email', 'delete /brand-members/email', 'post /account/data-exports']);

/**
 * A draft is lenient (every field but the title optional, unknown keys dropped; the title is required):
 * should a shape ever create one, its rows are checked apart: one per 201, holding none of the fuzz keys.
 */
const CREATES_EMPTY = 'post /experience_drafts';
const CREATES_EMPTY_TABLE = 'experience_drafts';
/** The copy of one's data: the first request makes its row, later ones find it pending. */
const CREATES_COPY = 'post /account/data-exports';
const CREATES_COPY_TABLE = 'data_exports';

interface Shape {
  name: string;
  /** The value a path parameter takes. */
  param: string;
  query: string;
  /** A JSON body (object or array) or raw JSON text. */
  body: unknown;
}

const NUL = 'a\u0000b';
const big = 'あ'.repeat(350_000); // about 1 MB in UTF-8
const SHAPES: Shape[] = [
  {
    name: 'NUL',
    param: '%00',
    query: '?q=a%00b&state=a%00&email=x%00@example.com',
    body: { name: NUL, email: `a${NUL}@example.com`, password: NUL, title: NUL, code: NUL, coupon_code: NUL, body: NUL },
  },
  {
    name: 'lone surrogate',
    param: '%ED%A0%80',
    query: '?q=%ED%A0%80',
    body: '{"name":"\\ud800","email":"\\udc00@example.com","password":"x\\ud83d","title":"\\ud800","body":"\\udfff"}',
  },
  // NUL in the path alone (the body clean), so no body check answers first: ids and string parameters alike.
  { name: 'NUL in the path only', param: 'pi_test_1%00', query: '', body: {} },
  { name: '[] body', param: NO_SUCH_ID, query: '', body: [] },
  {
    name: 'repeated query keys',
    param: NO_SUCH_ID,
    query:
      '?state=a&state=b&page=1&page=2&per_page=1&per_page=2&q=a&q=b&held_at=future&held_at=past&handled=true&handled=false&date=2030-01-01&date=2030-01-02&adult=1&adult=2&status=a&status=b',
    body: { name: ['a', 'b'], email: ['a@example.com', 'b@example.com'], page: [1, 2] },
  },
  {
    name: '1 MB string',
    param: NO_SUCH_ID,
    // A request line is bounded by Node's header limit (16 KB), so the query carries 12 KB; the body carries 1 MB.
    query: `?q=${'a'.repeat(12_000)}`,
    body: { name: big, email: big, password: big, title: big, body: big },
  },
  {
    name: 'unknown keys',
    param: NO_SUCH_ID,
    query: '?foo=1&__proto__=x&constructor=y',
    body: { foo: 1, __proto__: { admin: true }, constructor: 'x', role: 'ADMIN', is_admin: true },
  },
];

let t: TestApp;
let admin: Agent;
let member: Agent;
const TABLES: string[] = [];

beforeAll(async () => {
  t = await setupTestApp();
  const adminUser = await createUser(t.orm, { role: 'ADMIN' });
  admin = await signedInAgent(t.app, adminUser.email);
  member = (await setupPortalBrand(t, 'Fuzz')).agent;
  const rows: { table_name: string }[] = await t.orm.em
    .fork()
    .getConnection()
    .execute("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1");
  // The session store and the rate-limit counters are the request machinery's own bookkeeping, not data.
  for (const { table_name } of rows) if (!/^(session|rate_limit.*|mikro_orm.*)$/.test(table_name)) TABLES.push(table_name);
});

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const connection = t.orm.em.fork().getConnection();
  for (const table of TABLES) {
    const [row] = await connection.execute(`SELECT count(*)::int AS n FROM "${table}"`);
    counts[table] = row.n;
  }
  return counts;
}

function send(agent: Agent, method: Method, url: string, body: unknown) {
  const req = agent[method](url);
  if (method === 'get') return req;
  if (typeof body === 'string') return req.set('Content-Type', 'application/json').send(body);
  return req.set('Content-Type', 'application/json').send(JSON.stringify(body));
}

/** Every message of a JSON error body. */
function messagesOf(body: unknown): string[] {
  const b = body as { message?: unknown; messages?: Record<string, unknown> } | null;
  const all: string[] = [];
  if (typeof b?.message === 'string') all.push(b.message);
  for (const value of Object.values(b?.messages ?? {})) if (Array.isArray(value)) all.push(...value.map(String));
  return all;
}

interface Failure {
  call: string;
  status: number;
  body: string;
}

async function fuzz(
  prefix: string,
  routes: string[],
  agent: Agent,
): Promise<{ calls: number; created: number; copies: number; failures: Failure[] }> {
  const failures: Failure[] = [];
  let calls = 0;
  let created = 0;
  let copies = 0;
  const ordered = [...routes.filter((r) => !SIGN_OUTS.has(r)), ...routes.filter((r) => SIGN_OUTS.has(r))];
  for (const route of ordered) {
    const [method, pattern] = route.split(' ') as [Method, string];
    for (const shape of SHAPES) {
      const url = `${prefix}${pattern.replace(/:[a-z_]+/g, shape.param)}${shape.query}`;
      const res = await send(agent, method, url, shape.body);
      calls += 1;
      const call = `${method.toUpperCase()} ${prefix}${pattern} [${shape.name}]`;
      if (res.status === 201 && prefix === '/api/v1' && route === CREATES_EMPTY) created += 1;
      else if (res.status === 202 && prefix === '/api/v1' && route === CREATES_COPY) copies += 1;
      // A write that reads no input may succeed whatever the body. Every other write must refuse the shapes.
      else if (res.status < 300 && method !== 'get' && !NO_INPUT.has(route))
        failures.push({ call, status: res.status, body: res.text.slice(0, 300) });
      const messages = messagesOf(res.body);
      const bad =
        res.status >= 500 ||
        (res.status >= 400 && (messages.length === 0 || messages.some((m) => !JAPANESE.test(m)))) ||
        (res.status >= 400 && !String(res.type).includes('json'));
      if (bad) failures.push({ call, status: res.status, body: res.text.slice(0, 300) });
    }
  }
  return { calls, created, copies, failures };
}

describe('the fuzz shapes against every endpoint', () => {
  it('lists every declared route of both doors', () => {
    expect(API_ROUTES.length).toBeGreaterThan(60);
    expect(BRAND_ROUTES.length).toBeGreaterThan(20);
  });

  // Hundreds of requests: on the shared 2-core machine under load this takes longer than the default 30 s.
  it('answers no 5xx, only Japanese messages, and changes nothing in the database', async () => {
    const before = await rowCounts();
    const api = await fuzz('/api/v1', API_ROUTES, admin);
    const brand = await fuzz('/brand/api/v1', BRAND_ROUTES, member);
    const failures = [...api.failures, ...brand.failures];
    expect(api.calls + brand.calls).toBe((API_ROUTES.length + BRAND_ROUTES.length) * SHAPES.length);
    expect(failures, JSON.stringify(failures, null, 1)).toEqual([]);
    const after = await rowCounts();
    expect(after[CREATES_EMPTY_TABLE]).toBe(before[CREATES_EMPTY_TABLE] + api.created);
    // Only the first request of a copy makes a row (the others answer the same pending one).
    expect(after[CREATES_COPY_TABLE]).toBe(before[CREATES_COPY_TABLE] + Math.min(api.copies, 1));
    expect({ ...after, [CREATES_EMPTY_TABLE]: 0, [CREATES_COPY_TABLE]: 0 }).toEqual({
      ...before,
      [CREATES_EMPTY_TABLE]: 0,
      [CREATES_COPY_TABLE]: 0,
    });
    const drafts: { data: string }[] = await t.orm.em.fork().getConnection().execute('SELECT data::text AS data FROM experience_drafts');
    for (const { data } of drafts) expect(data).not.toMatch(/foo|is_admin|ADMIN|example\.com|あああ/);
    // Every route times every shape: up to two minutes on a busy machine.
  }, 240_000);
});
