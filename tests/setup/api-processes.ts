// Real server processes for the tests that run several on one database (tests/api/reservations-concurrency.test.ts,
// tests/api/waitlist-concurrency.test.ts): each runs tests/setup/api-server.ts with the test gateway and the
// development mailbox, whatever the machine's environment says, and answers once it prints "READY <port>".
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_PASSWORD } from '#tests/factories/users';

const root = path.resolve(import.meta.dirname, '../..');

export interface ApiProcess {
  child: ChildProcess;
  base: string;
  output: string;
}

export function startApiProcess(databaseUrl: string, env: Record<string, string>): Promise<ApiProcess> {
  return new Promise((resolve, reject) => {
    const base = { ...process.env };
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_API_BASE', 'SMTP_URL']) delete base[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/api-server.ts'], {
      cwd: root,
      env: {
        ...base,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        DATABASE_URL: databaseUrl,
        PORT: '0',
        SESSION_SECRET: 'concurrency-test-session-secret',
        // Bursts of requests queue for six connections per process for longer than the 5 s after which a request
        // would answer 503 (tests/api/db-waits.test.ts checks that answer): here every request waits for its turn, so
        // the seats' rules are what decides each answer.
        DATABASE_ACQUIRE_TIMEOUT_MS: '60000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server: ApiProcess = { child, base: '', output: '' };
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${server.output}`)), 60_000);
    child.stdout!.on('data', (d) => {
      server.output += d;
      const match = /READY (\d+)/.exec(server.output);
      if (match && !server.base) {
        clearTimeout(timer);
        server.base = `http://127.0.0.1:${match[1]}`;
        resolve(server);
      }
    });
    child.stderr!.on('data', (d) => (server.output += d));
    child.once('exit', (code) => {
      if (!server.base) {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${server.output}`));
      }
    });
  });
}

export async function stopApiProcess(server: ApiProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
}

/** Signs in through one of the processes; the session lives in PostgreSQL, so the cookie works on every one. */
export async function signInOn(server: ApiProcess, email: string): Promise<string> {
  const res = await fetch(`${server.base}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
