// A Heroku-style platform sends SIGTERM to every process of the dyno at once (the whole process group:
// npm, node and, locally, the embedded PostgreSQL). Requests already sent must all get their answer; the process
// must then exit 0 and leave no PostgreSQL behind. Tried for `npm start` and for `npm run serve`, each in its own
// process group with its own data folder, with 100 bookings and then 100 uncached page requests in flight.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#src/lib/embedded-db';
import { DEMO_PASSWORD } from '#seeds/demo-accounts';
import { PRODUCTION_TEST_ENV } from '#tests/setup/built';
import { scratchDir } from '#tests/setup/scratch';

const root = path.resolve(import.meta.dirname, '../..');
const IN_FLIGHT = 100;

interface Group {
  child: ChildProcess;
  base: string;
  dataDir: string;
  output(): string;
  exited: Promise<number | null>;
}

const groups: Group[] = [];

afterEach(() => {
  for (const g of groups.splice(0)) {
    if (g.child.exitCode !== null || g.child.signalCode !== null) continue;
    try {
      process.kill(-(g.child.pid as number), 'SIGKILL');
    } catch {
      // gone
    }
  }
});

/** Each test boots the script afresh (the previous test stopped it) on the same data folder: seeded only once. */
async function startGroup(script: 'start' | 'serve', dataDir: string): Promise<Group> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // detached: its own process group, as a dyno's processes are; the test signals that group, never itself.
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_CACHE_SECONDS: '0',
      DISABLE_WORKERS: '1',
      // What is tested is that the shutdown cuts no request. With 100 requests at once on a test machine busy with
      // the browser tests, the last could wait past the default 5 s for a connection, a row lock or its page's turn
      // and be refused as busy (503), a refusal for load that tests/e2e/busy-page.test.ts covers; 20 s stays within
      // the shutdown's 25 s of grace.
      DATABASE_ACQUIRE_TIMEOUT_MS: '20000',
      DATABASE_LOCK_TIMEOUT_MS: '20000',
      ...(script === 'serve'
        ? { NODE_ENV: 'production', APP_URL: base, SESSION_SECRET: 'sigterm-test-secret-0123456789abcdef', ...PRODUCTION_TEST_ENV }
        : { NODE_ENV: 'development' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const group: Group = { child, base, dataDir, output: () => output, exited };
  groups.push(group);
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`npm run ${script} exited:\n${output}`);
    const status = await request(group, 'GET', '/api/v1/me').then(
      (r) => r.status,
      () => 0,
    );
    if (status === 401) return group;
    if (attempt > 600) throw new Error(`npm run ${script} did not answer:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** process.hrtime of the last byte. */
  at: bigint;
}

/** One request on its own connection (no keep-alive): `sent` resolves once the whole request is written. */
function send(group: Group, method: string, pathname: string, body?: unknown, cookie?: string) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${group.base}${pathname}`, {
      method,
      agent: false,
      headers: {
        ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        ...(cookie ? { cookie } : {}),
        origin: group.base,
        // In production the session cookie is Secure: the platform's router terminates TLS and says so.
        'x-forwarded-proto': 'https',
      },
    });
    req.on('finish', markSent);
    req.on('error', (error) => {
      markSent();
      reject(error);
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers, at: process.hrtime.bigint() }));
    });
    req.end(payload);
  });
  return { sent, answer };
}

const request = (group: Group, method: string, pathname: string, body?: unknown, cookie?: string) =>
  send(group, method, pathname, body, cookie).answer;

async function signIn(group: Group): Promise<string> {
  const res = await request(group, 'POST', '/api/v1/sessions', { email: 'guest@example.com', password: DEMO_PASSWORD });
  expect(res.status).toBe(201);
  const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  expect(cookie).toContain('=');
  return cookie;
}

/** Bookable slots of the demo catalogue, one person each, enough for IN_FLIGHT attempts. */
async function bookableSlots(group: Group): Promise<number[]> {
  const slots: number[] = [];
  for (let id = 1; id <= 20 && slots.length < IN_FLIGHT; id++) {
    const res = await request(group, 'GET', `/api/v1/experiences/${id}/calendars`);
    if (res.status !== 200) continue;
    const json = JSON.parse(res.body) as { calendars: { id: number; reservable?: boolean }[] };
    for (const c of json.calendars) slots.push(c.id);
  }
  expect(slots.length).toBeGreaterThan(0);
  return slots;
}

/** Sends every request, then SIGTERM to the whole process group as soon as all of them are written. */
async function signalWithRequestsInFlight(group: Group, requests: ReturnType<typeof send>[]) {
  await Promise.all(requests.map((r) => r.sent));
  const signalledAt = process.hrtime.bigint();
  process.kill(-(group.child.pid as number), 'SIGTERM');
  const settled = await Promise.allSettled(requests.map((r) => r.answer));
  const failures = settled.flatMap((s) => (s.status === 'rejected' ? [String((s.reason as Error).message)] : []));
  const answers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  return { failures, answers, answeredAfterSignal: answers.filter((a) => a.at > signalledAt).length };
}

async function expectCleanExit(group: Group) {
  const code = await group.exited;
  expect(code, group.output()).toBe(0);
  // The embedded PostgreSQL was stopped by node after the last request, not left holding the data folder.
  const pidFile = path.join(group.dataDir, 'pg', 'postmaster.pid');
  for (let waited = 0; existsSync(pidFile) && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  expect(existsSync(pidFile), existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : '').toBe(false);
}

describe.each(['start', 'serve'] as const)('SIGTERM to the process group of npm run %s', (script) => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = scratchDir('taiken-sigterm-');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers every booking already sent, then exits 0 and stops its PostgreSQL', async () => {
    const group = await startGroup(script, dataDir);
    const cookie = await signIn(group);
    const slots = await bookableSlots(group);
    const requests = Array.from({ length: IN_FLIGHT }, (_, i) =>
      send(
        group,
        'POST',
        '/api/v1/reservations',
        { calendar_ids: [slots[i % slots.length]], number_of_people: 1, payment_token: 'tok_visa' },
        cookie,
      ),
    );
    const { failures, answers, answeredAfterSignal } = await signalWithRequestsInFlight(group, requests);
    expect(failures).toEqual([]);
    expect(answers).toHaveLength(IN_FLIGHT);
    // Booked, or refused for a reason of the booking (no seats left, already booked), never cut by the shutdown.
    for (const a of answers) expect([201, 409, 422], a.body).toContain(a.status);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);
    // The signal really arrived with requests in flight: otherwise this test proves nothing.
    expect(answeredAfterSignal).toBeGreaterThan(0);
    await expectCleanExit(group);
  });

  it('answers every page request already sent, then exits 0', async () => {
    const group = await startGroup(script, dataDir);
    const requests = Array.from({ length: IN_FLIGHT }, (_, i) => send(group, 'GET', `/stories/${(i % 3) + 1}`));
    const { failures, answers, answeredAfterSignal } = await signalWithRequestsInFlight(group, requests);
    expect(failures).toEqual([]);
    for (const a of answers) expect(a.status, a.body.slice(0, 200)).toBe(200);
    expect(answeredAfterSignal).toBeGreaterThan(0);
    await expectCleanExit(group);
  });

  it('answers 503 from /readyz once the signal arrived, so the router stops sending', async () => {
    const group = await startGroup(script, dataDir);
    // One kept-alive connection, as a router's: it is still read after the listener has closed.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const readyz = () =>
      new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
        http
          .get(`${group.base}/readyz`, { agent }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
          })
          .on('error', reject);
      });
    expect((await readyz()).status).toBe(200);
    process.kill(-(group.child.pid as number), 'SIGTERM');
    // Answers before node has handled the signal are still 200; the first one after is 503 and closes the connection.
    let last = await readyz();
    for (let i = 0; last.status === 200 && i < 200; i++) last = await readyz();
    expect(last.status, group.output()).toBe(503);
    expect(JSON.parse(last.body)).toEqual({ status: 'unavailable', reason: 'shutting_down' });
    expect(last.connection).toBe('close');
    agent.destroy();
    await expectCleanExit(group);
  });
});
