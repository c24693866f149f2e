// Boot: env -> database (embedded or DATABASE_URL) -> migrations -> demo data (embedded only, when empty)
// -> services -> app -> listen; graceful shutdown on SIGTERM/SIGINT.
import type { Server } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { parseEnvOrExit, publicBaseUrl, type Env } from '#src/lib/env';
import { pgPoolOptions, type MikroORM } from '#src/lib/orm';
import { createRoot, dbTimeouts, type Services } from '#src/root';
import { recordRunningServer } from '#src/lib/server-record';
import { createApp } from './app';
import { acceptQueueLength } from './accept-queue';
import { answerClientError } from './client-error';
import { startWorkers } from '#src/modules/mail/mail.worker';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#seeds/demo-accounts';
import { isDatabaseEmpty, seedDemo } from '#seeds/demo';

export interface Running {
  env: Env;
  orm: MikroORM;
  services: Services;
  server: Server;
  url: string;
  shutdown(): Promise<void>;
}

/** `env`: the app's settings when the entry parsed them itself (server/start.ts); default: parsed here. */
export async function boot(options: { pages: 'dev' | 'production'; env?: Env }): Promise<Running> {
  const env = options.env ?? parseEnvOrExit(1);
  // The composition root: embedded PostgreSQL unless DATABASE_URL, migrations under the advisory lock, services.
  // A failed start (the database folder held by another server, PostgreSQL not starting, a migration failing) prints
  // the reason and exits non-zero: a platform or a script must never read it as success.
  const root = await createRoot({ env, migrate: true }).catch((error: unknown) => {
    console.error(`たびとこ could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  const { orm, log, services, embedded, databaseUrl } = root;
  let seeded = false;
  // Demo data only on the embedded database, and only when it is empty; never on a DATABASE_URL database.
  if (embedded && (await isDatabaseEmpty(orm))) {
    await seedDemo(orm, env);
    seeded = true;
    log.info('demo data loaded');
  }

  // The session store's own pool, with the same bounded waits as the ORM's.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5, ...pgPoolOptions(dbTimeouts(root.env)) });
  const { app, close, beginShutdown, metrics } = await createApp({ services, orm, pool, pages: options.pages });
  // Mail outbox delivery and the seat-hold sweeper; safe to run in every process.
  const stopWorkers = env.DISABLE_WORKERS === '1' ? null : startWorkers(services, { onJobDone: metrics?.jobDone });

  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(env.PORT, () => resolve(s));
    // What the HTTP parser refuses gets a Japanese answer too (server/client-error.ts).
    s.on('clientError', answerClientError);
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.keepAliveTimeoutBuffer = KEEP_ALIVE_BUFFER_MS;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = publicBaseUrl({ APP_URL: env.APP_URL, PORT: port });
  // Without APP_URL the links a CLI run writes name this port (src/lib/server-record.ts).
  const forgetServer = env.APP_URL ? null : recordRunningServer(env.DATA_DIR, port);

  const drain = drainOnShutdown(server);
  let stopping: Promise<void> | null = null;
  const shutdown = () =>
    (stopping ??= (async () => {
      log.info('shutting down: finishing requests in flight');
      beginShutdown();
      await drain();
      await stopWorkers?.();
      await close();
      await pool.end();
      await root.close();
      forgetServer?.();
      log.info('stopped');
    })());

  if (embedded || seeded) {
    const lines = [
      '',
      `  たびとこ is running: ${url}`,
      ...(embedded
        ? [`  Embedded PostgreSQL: 127.0.0.1:${embedded.port} (${path.resolve(env.DATA_DIR, 'pg')}; the CLI connects to it)`]
        : []),
      '',
      `  Demo accounts (password: ${DEMO_PASSWORD})`,
      ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(26)} ${a.label}`),
      '',
    ];
    console.log(lines.join('\n'));
  } else {
    log.info({ url }, 'listening');
  }
  return { env, orm, services, server, url, shutdown };
}

/** How long the listener must have accepted nothing before it closes. */
const DRAIN_QUIET_MS = 300;
/** Closes the listener after this long even if connections keep arriving (within SHUTDOWN_GRACE_MS). */
const DRAIN_MAX_MS = 15_000;
/**
 * How long an idle keep-alive connection stays open: longer than the platform router's own idle timeout for its
 * connections to a dyno (90 s on Heroku's Router 2.0), so the router always closes an idle connection first. With
 * Node's default (5 s) the process closes connections the router still holds, and a request the router sends on one
 * just as it closes fails. A client that pools connections (a test's fetch) meets the same race. Shutdown closes idle
 * connections itself (drainOnShutdown).
 */
const KEEP_ALIVE_MS = 95_000;
/**
 * How much longer than it says (`Keep-Alive: timeout=95`) the server really keeps an idle connection. A client that
 * pools connections and reads that header (Node's fetch does) closes an idle connection 2 s before the time it names;
 * a client whose event loop is busy for longer than that (a test worker compressing files, a loaded proxy) would
 * still send its next request on a connection the server has just closed, and that request fails ("other side
 * closed"). With the buffer the client, busy or not, closes first by a wide margin.
 */
const KEEP_ALIVE_BUFFER_MS = 30_000;
/** After the listener has closed, idle keep-alive connections are closed this much later. */
const IDLE_CLOSE_DELAY_MS = 2_000;

/**
 * Stops the server without cutting a request that was already sent. Closing the listening socket at
 * once resets every connection still waiting in the kernel's accept queue: connections the kernel has established
 * and whose requests the clients have already sent, while a busy event loop accepts only a few per turn. So on
 * shutdown every response from then on says `Connection: close`, and the listener stays open until that queue is
 * empty (read from /proc on Linux; elsewhere, until nothing has been accepted for DRAIN_QUIET_MS across a loop turn),
 * at most DRAIN_MAX_MS: the platform's router stops sending new requests to a process it has signalled. Then it
 * stops listening; connections already accepted are read and answered; idle keep-alive connections are closed
 * IDLE_CLOSE_DELAY_MS later; the returned promise resolves once the last connection has ended.
 */
function drainOnShutdown(server: Server): () => Promise<void> {
  let draining = false;
  let lastConnectionAt = Date.now();
  let accepted = 0;
  server.on('connection', () => {
    lastConnectionAt = Date.now();
    accepted++;
  });
  // Runs before the app's own listener, so the header is set before anything is written.
  server.prependListener('request', (_req, res) => {
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
  });
  return () =>
    new Promise<void>((resolve) => {
      draining = true;
      const startedAt = Date.now();
      let acceptedBefore = accepted;
      const check = () => {
        // An immediate runs after the poll phase of the loop turn it was scheduled in; scheduled from a timer, that
        // poll phase began after the previous check, so it accepted whatever the kernel had queued by then.
        setImmediate(() => {
          // Where the kernel says how many connections still wait to be accepted, that decides; elsewhere the
          // listener must have accepted nothing for a while.
          const queued = acceptQueueLength(server);
          const drained = queued === null ? accepted === acceptedBefore && Date.now() - lastConnectionAt >= DRAIN_QUIET_MS : queued === 0;
          acceptedBefore = accepted;
          if (!drained && Date.now() - startedAt < DRAIN_MAX_MS) {
            setTimeout(check, 50);
            return;
          }
          // Stop listening only: http.Server#close() would also close every connection without a request in
          // progress at once, including one accepted a moment ago whose request has not been read yet.
          net.Server.prototype.close.call(server, () => resolve());
          // Idle keep-alive connections (accepted long enough ago to have been read) are closed a little later.
          setTimeout(() => server.closeIdleConnections(), IDLE_CLOSE_DELAY_MS).unref();
        });
      };
      setTimeout(check, 50);
    });
}

/** Shorter than the platform's 30 s between SIGTERM and SIGKILL, so that the process exits on its own terms. */
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * A platform signals the whole process group: node gets SIGTERM from the platform and again from npm, which forwards
 * it. A second signal must not end the process with requests in flight (the default action once a `once` handler
 * is used up), so every signal is handled, and only the first starts the shutdown. Requests already received
 * finish; after SHUTDOWN_GRACE_MS the remaining connections are cut and the process exits 1.
 */
export function handleSignals(running: Running): void {
  let stopping = false;
  const stop = (signal: string) => {
    running.services.log.info({ signal }, 'signal received');
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      running.services.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown grace period over: closing the remaining connections');
      running.server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    running.shutdown().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
