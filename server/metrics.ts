// GET /metrics: Prometheus text format (prom-client), for the operator's scraper only (docs/operations.md, "Metrics").
//  - Only when METRICS_TOKEN is set; then every scrape must send `Authorization: Bearer <METRICS_TOKEN>` (else 401).
//    Without the variable /metrics is 404 and nothing is measured (no per-request work at all).
//  - Mounted before the request log, the session and the pages: a scrape writes no log line, reads no session and is
//    never kept by the page cache (Cache-Control: no-store).
//  - Requests: a counter and a duration histogram by method, route pattern and status. The route is the pattern the
//    request matched (`/api/v1/experiences/:id`), the page's Vike id for pages, `/assets/*` for built assets, or
//    `none`: never the raw path, so the number of series stays bounded whatever paths clients send.
//  - The connection pools (the ORM's and the session store's), the page requests waiting for their turn and those in
//    progress (server/page-gate.ts), the mail outbox (pending, failed, the oldest pending mail's age) and the pending
//    refunds are read at scrape time; the outbox and refunds in one statement bounded by BACKLOG_TIMEOUT_MS
//    (`tabitoko_backlog_up` is 0 when it failed, and the backlog gauges keep their last values).
//  - Seat holds swept (the worker's job results), Stripe webhook events handled and their lag (the event's `created`
//    to its handling), and prom-client's default process metrics (event-loop lag, heap, RSS, CPU, GC).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Router, Express, Request, RequestHandler, Response } from 'express';
import type pg from 'pg';
import client from 'prom-client';
import type { MikroORM } from '#src/lib/orm';
import { within } from './health';
import type { PageGate } from './page-gate';

/** The outbox and refunds statement's limit (PostgreSQL's statement_timeout, and the wait for a connection). */
export const BACKLOG_TIMEOUT_MS = 1_000;

/** Request duration buckets (seconds): from a cached page (~1 ms) to a slow payment call. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Webhook lag buckets (seconds): Stripe usually delivers within seconds and retries for up to three days. */
const WEBHOOK_LAG_BUCKETS = [1, 5, 15, 60, 300, 900, 3600, 21_600, 86_400, 259_200];

/**
 * One statement (the simple query protocol runs it as one implicit transaction, so SET LOCAL bounds the SELECT and
 * ends with it): the outbox by status (index on status, next_attempt_at) and the pending refunds.
 */
const BACKLOG_SQL = `SET LOCAL statement_timeout = ${BACKLOG_TIMEOUT_MS};
SELECT
  (SELECT count(*) FROM mail_outbox WHERE status IN ('pending', 'sending'))::int AS mail_pending,
  (SELECT count(*) FROM mail_outbox WHERE status = 'failed')::int AS mail_failed,
  (SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0) FROM mail_outbox WHERE status IN ('pending', 'sending'))::float8 AS mail_oldest_age,
  (SELECT count(*) FROM refunds WHERE status = 'pending')::int AS refunds_pending`;

interface BacklogRow {
  mail_pending: number;
  mail_failed: number;
  mail_oldest_age: number;
  refunds_pending: number;
}

/** Where the router matched a route: `req.route` is set by Express's router, and `baseUrl` is read at that moment. */
const MATCHED_BASE = Symbol('base URL when the route matched');
const MATCHED_ROUTE = Symbol('matched route');
type MatchedRequest = Request & { [MATCHED_BASE]?: string; [MATCHED_ROUTE]?: { path?: unknown } };

/** The bounded route label of an answered request. */
function routeLabel(req: Request, res: Response): string {
  const page = res.locals.routePattern;
  if (typeof page === 'string') return page;
  const matched = req as MatchedRequest;
  const path = matched[MATCHED_ROUTE]?.path;
  // The app's own catch-all ('/{*splat}': pages) without a page set above means no page answered.
  if (typeof path === 'string' && path !== '/{*splat}') return `${matched[MATCHED_BASE] ?? ''}${path}`;
  if (req.originalUrl.startsWith('/assets/')) return '/assets/*';
  return 'none';
}

/** Compares two secrets in constant time (hashed first, so their lengths do not matter). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export interface MetricsDeps {
  orm: MikroORM;
  /** The session store's pool. */
  sessionPool: pg.Pool;
  /** METRICS_TOKEN. */
  token: string;
  /** The pages' turns (server/page-gate.ts), when this process serves pages. */
  pageGate?: PageGate | null;
}

export interface Metrics {
  /** Counts and times every request of the app (mount first). */
  mount(app: Express): void;
  /** GET /metrics (mount before anything that reads a session). */
  handler: RequestHandler;
  /** A background job finished (src/modules/mail/mail.worker.ts); `seat-holds` returns how many holds it released. */
  jobDone(name: string, result: unknown): void;
  /** A Stripe webhook event was handled: its outcome, and its `created` (Unix seconds) when known. */
  webhookHandled(outcome: string, createdSeconds: number | null): void;
}

export function createMetrics(deps: MetricsDeps): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const requests = new client.Counter({
    name: 'tabitoko_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new client.Histogram({
    name: 'tabitoko_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const poolGauge = (name: string, help: string) => new client.Gauge({ name, help, labelNames: ['pool'] as const, registers: [registry] });
  const poolInUse = poolGauge('tabitoko_db_pool_in_use', 'PostgreSQL connections lent out, by pool (orm, sessions).');
  const poolIdle = poolGauge('tabitoko_db_pool_idle', 'PostgreSQL connections open and idle, by pool.');
  const poolWaiting = poolGauge('tabitoko_db_pool_waiting', 'Queries waiting for a connection, by pool.');
  const gauge = (name: string, help: string) => new client.Gauge({ name, help, registers: [registry] });
  const pagesWaiting = gauge('tabitoko_pages_waiting', 'Page requests waiting for their turn.');
  const pagesInside = gauge('tabitoko_pages_in_progress', 'Page requests let in and not yet answered (at most DATABASE_POOL_MAX).');
  const backlogUp = gauge('tabitoko_backlog_up', '1 when the outbox and refunds were read at this scrape, else 0.');
  const mailPending = gauge('tabitoko_mail_outbox_pending', 'Mails in the outbox not yet sent (pending or sending).');
  const mailFailed = gauge('tabitoko_mail_outbox_failed', 'Mails the outbox gave up on after every attempt.');
  const mailOldest = gauge('tabitoko_mail_outbox_oldest_pending_age_seconds', 'Age of the oldest mail not yet sent (0 when none waits).');
  const refundsPending = gauge('tabitoko_refunds_pending', 'Refunds the gateway has not completed yet.');
  const holdsSwept = new client.Counter({
    name: 'tabitoko_seat_holds_swept_total',
    help: 'Abandoned seat holds released by this process.',
    registers: [registry],
  });
  const webhookEvents = new client.Counter({
    name: 'tabitoko_stripe_webhook_events_total',
    help: 'Stripe webhook events handled, by outcome (processed, ignored, duplicate).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const webhookLag = new client.Histogram({
    name: 'tabitoko_stripe_webhook_lag_seconds',
    help: 'Time from a Stripe event being created to its handling here.',
    buckets: WEBHOOK_LAG_BUCKETS,
    registers: [registry],
  });

  const pools = async (): Promise<[string, pg.Pool][]> => [
    ['orm', await deps.orm.em.getConnection().getNativeClient()],
    ['sessions', deps.sessionPool],
  ];

  async function readBacklog(): Promise<void> {
    const pool = await deps.orm.em.getConnection().getNativeClient();
    // A multi-statement text answers one result per statement: the SET, then the SELECT.
    const read = pool.query(BACKLOG_SQL) as unknown as Promise<pg.QueryResult<BacklogRow>[]>;
    const answer = await within(
      read.catch(() => null),
      BACKLOG_TIMEOUT_MS,
    );
    const row = answer === 'timeout' || answer === null ? undefined : answer[1]?.rows[0];
    backlogUp.set(row ? 1 : 0);
    if (!row) return;
    mailPending.set(row.mail_pending);
    mailFailed.set(row.mail_failed);
    mailOldest.set(row.mail_oldest_age);
    refundsPending.set(row.refunds_pending);
  }

  return {
    mount(app) {
      // Express's router assigns `req.route` when a route matches; recording `baseUrl` at that moment gives the full
      // pattern even when the answer is sent later by the app's error handler (after the routers restored baseUrl).
      Object.defineProperty(app.request, 'route', {
        configurable: true,
        get(this: MatchedRequest) {
          return this[MATCHED_ROUTE];
        },
        set(this: MatchedRequest, route: { path?: unknown }) {
          this[MATCHED_ROUTE] = route;
          this[MATCHED_BASE] = this.baseUrl;
        },
      });
      app.use((req, res, next) => {
        const started = performance.now();
        res.once('close', () => {
          const labels = { method: req.method, route: routeLabel(req, res), status: String(res.statusCode) };
          requests.inc(labels);
          durations.observe(labels, (performance.now() - started) / 1000);
        });
        next();
      });
    },

    async handler(req, res) {
      res.setHeader('Cache-Control', 'no-store');
      const [scheme, given] = (req.get('authorization') ?? '').split(' ', 2);
      if (scheme?.toLowerCase() !== 'bearer' || !given || !sameSecret(given, deps.token)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        res.status(401).type('text/plain').send('Unauthorized\n');
        return;
      }
      for (const [name, pool] of await pools()) {
        poolInUse.set({ pool: name }, pool.totalCount - pool.idleCount);
        poolIdle.set({ pool: name }, pool.idleCount);
        poolWaiting.set({ pool: name }, pool.waitingCount);
      }
      if (deps.pageGate) {
        pagesWaiting.set(deps.pageGate.waiting());
        pagesInside.set(deps.pageGate.inside());
      }
      await readBacklog();
      res.type(registry.contentType).send(await registry.metrics());
    },

    jobDone(name, result) {
      if (name === 'seat-holds' && typeof result === 'number' && result > 0) holdsSwept.inc(result);
    },

    webhookHandled(outcome, createdSeconds) {
      webhookEvents.inc({ outcome });
      if (outcome !== 'duplicate' && createdSeconds !== null) {
        webhookLag.observe(Math.max(0, Date.now() / 1000 - createdSeconds));
      }
    },
  };
}

/** GET /metrics: the scrape, or a plain 404 when METRICS_TOKEN is unset (nothing reaches the pages). */
export function metricsRoutes(router: Router, metrics: Metrics | null): void {
  router.get('/metrics', metrics ? metrics.handler : (_req, res) => void res.status(404).type('text/plain').send('Not Found\n'));
}
