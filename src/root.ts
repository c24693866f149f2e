// The composition root (ARCHITECTURE.md): env -> database (embedded PostgreSQL when DATABASE_URL is unset) -> ORM
// -> migrations under the advisory lock (optional) -> every service, built once, in dependency order. The server,
// the CLI, the tests and the bench (through the server) all start here, so there is one way the app is assembled.
// Server-only.
import path from 'node:path';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { parseEnv, publicBaseUrl, type Env } from './lib/env';
import { createLogger, type Logger } from './lib/logger';
import { initOrm, migrate, type DbTimeouts } from './lib/orm';
import { runningEmbeddedDatabase, SharedDatabaseError, startEmbeddedDatabase, type EmbeddedDatabase } from './lib/embedded-db';
import { Ctx, type Actor } from './lib/context';
import { createGateway } from './modules/payments/payments.config';
import { createUsersService } from './modules/users/users.service';
import { createAccountService } from './modules/users/account.service';
import { createLeavingService } from './modules/users/leaving.service';
import { createDataExportsService } from './modules/data-exports/data-exports.service';
import { createEmailVerificationService } from './modules/users/email-verification.service';
import { userEmailDoor } from './modules/users/user-email-door';
import { createEmailChangesService } from './modules/email-changes/email-changes.service';
import { brandMemberEmailDoor } from './modules/brand-members/brand-member-email-door';
import { createReferenceService } from './modules/reference/reference.service';
import { createExperiencesService } from './modules/experiences/experiences.service';
import { createExperiencesHostService } from './modules/experiences/experiences.host.service';
import { createExperienceDraftsService } from './modules/experience-drafts/experience-drafts.service';
import { createProfilesService } from './modules/users/profile.service';
import { createCalendarsService } from './modules/calendars/calendars.service';
import { createReviewsService } from './modules/reviews/reviews.service';
import { createFavoritesService } from './modules/favorites/favorites.service';
import { createFavoriteDates } from './modules/favorites/favorite-dates';
import { createReservationCalendarService } from './modules/reservations/reservation-calendar.service';
import { createStoryPageService } from './modules/experiences/story-page.service';
import { createHoldingRequestsService } from './modules/holding-requests/holding-requests.service';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createPaymentsService } from './modules/payments/payments.service';
import { createStripeWebhookService } from './modules/payments/stripe-webhook.service';
import { createReservationsService } from './modules/reservations/reservations.service';
import { createWaitlistService } from './modules/reservations/waitlist.service';
import { createWaitlistOffers } from './modules/reservations/waitlist-offers';
import { createMailService } from './modules/mail/mail.service';
import { createUserSearchService } from './modules/users/user-search.service';
import { createBrandsService } from './modules/brands/brands.service';
import { createAmbassadorsService } from './modules/ambassadors/ambassadors.service';
import { createCommunitiesService } from './modules/communities/communities.service';
import { createBrandPortalService } from './modules/brand-portal/brand-portal.service';
import { createInquiriesService } from './modules/inquiries/inquiries.service';
import { createAuditService } from './modules/audit/audit.service';
import { createRefundsService } from './modules/reservations/refunds.service';
import { createBrandMembersService } from './modules/brand-members/brand-members.service';
import { createBrandAccountService } from './modules/brand-members/brand-account.service';
import { createExperienceApprovalsService } from './modules/experience-approvals/experience-approvals.service';
import { createInquiriesExportService } from './modules/inquiries/inquiries-export.service';
import { createCouponsService } from './modules/coupons/coupons.service';
import { createHostReservationsService } from './modules/reservations/host-reservations.service';
import { createReservationMessagesService } from './modules/reservations/reservation-messages.service';
import { createReminders } from './modules/reservations/reminders';
import { createReceiptsService } from './modules/receipts/receipts.service';
import { createPasswordResetsService } from './modules/password-resets/password-resets.service';
import { createPayoutsService } from './modules/earnings/payouts.service';
import { createDashboardsService } from './modules/dashboards/dashboards.service';
import { createEarningsService } from './modules/earnings/earnings.service';
import { createBankFileAdapter } from './modules/earnings/payout-adapters';
import { bankDirectory as banks } from './modules/earnings/bank-directory';
import { toTransferKana } from './modules/earnings/zengin';

/** PostgreSQL advisory lock key held while migrating (boot and `db:migrate`), so processes migrate one at a time. */
const MIGRATION_LOCK_KEY = 727001;

interface ServiceDeps {
  orm: MikroORM;
  env: Env;
  log: Logger;
}

/** Every service, built once per ORM in dependency order; each gets what it uses through its deps. */
function buildServices(deps: ServiceDeps) {
  const { orm, env, log } = deps;
  const gateway = createGateway({ orm, env });
  const reference = createReferenceService();
  const experiences = createExperiencesService({ reference });
  const calendars = createCalendarsService({ experiences });
  const users = createUsersService({ env });
  const experienceDrafts = createExperienceDraftsService();
  const waitlistOffers = createWaitlistOffers(env, publicBaseUrl(env));
  const experiencesHost = createExperiencesHostService({
    reference,
    users,
    experienceDrafts,
    offerFreedSeats: waitlistOffers.offerForExperience,
  });
  const audit = createAuditService();
  const brands = createBrandsService({ audit });
  const reservations = createReservationsService({ orm, env, log, gateway });
  const brandMembers = createBrandMembersService({ env, audit });
  const fork = () => orm.em.fork();
  const kana = (name: string | null) => (name ? (toTransferKana(name) ?? '') : '');
  const bankFile = createBankFileAdapter(env, {
    bank: (code) => kana(banks.bankKana(code)),
    branch: (bankCode, branchCode) => kana(banks.branchKana(bankCode, branchCode)),
  });
  const bankLabel = (bankCode: string, branchCode: string) =>
    `${banks.bankName(bankCode) ?? bankCode} ${banks.branchName(bankCode, branchCode) ?? branchCode}`;
  return {
    env,
    log,
    /**
     * A context with its own EntityManager fork: one per request, per command, per job. The fork is made when `em` is
     * first read, and the logger (which may be given as a function, a request's: server/middleware/request-log.ts)
     * when `log` is first read (src/lib/context.ts).
     */
    context(actor: Actor, ctxLog: Logger | (() => Logger) = log): Ctx {
      return new Ctx(fork, orm.em, actor, ctxLog);
    },
    users,
    account: createAccountService({ env }),
    /** Leaving (退会): the user's own and the administrator's, one erasure (users/leaving-erasure.ts). */
    leaving: createLeavingService({ audit }),
    /** The copy of one's data: requested on /account, built by the worker's job, mailed as a link. */
    dataExports: createDataExportsService({ orm, env, log }),
    /** The sign-up address check (users.email_verified_at) and its mailed link. */
    emailVerification: createEmailVerificationService({ env }),
    /** E-mail address changes of both doors, with the confirmation and undo links. */
    emailChanges: createEmailChangesService({ env, doors: { user: userEmailDoor, brand: brandMemberEmailDoor } }),
    reference,
    experiences,
    experiencesHost,
    experienceDrafts,
    profiles: createProfilesService({ experiences }),
    calendars,
    storyPage: createStoryPageService({ calendars }),
    reviews: createReviewsService({ experiences, env }),
    /** カレンダーに追加: the .ics of a guest's confirmed reservation. */
    reservationCalendar: createReservationCalendarService({ env }),
    /** A guest's hearted experiences (お気に入り). */
    favorites: createFavoritesService({ experiences }),
    /** The job that mails new dates of hearted experiences to the guests who asked for it. */
    favoriteDates: createFavoriteDates({ orm, env, log }),
    holdingRequests: createHoldingRequestsService({ experiences, env }),
    uploads: createUploadsService({ env }),
    payments: createPaymentsService({ env, gateway }),
    reservations,
    /** キャンセル待ち: the guests' lines for full slots (offers are made where seats free up). */
    waitlist: createWaitlistService({ orm, env }),
    /** The guests' receipts (領収書 PDF). */
    receipts: createReceiptsService({ env }),
    stripeWebhook: createStripeWebhookService({ env, reservations }),
    mail: createMailService({ orm, env, log }),
    audit,
    userSearch: createUserSearchService(),
    brands,
    brandMembers,
    /** The signed-in brand member's own password and sessions (/brand/account). */
    brandAccount: createBrandAccountService({ env }),
    /** Password reset requests of both doors: recorded by the routes, mailed by the worker's job. */
    passwordResets: createPasswordResetsService({ orm, log, users, brandMembers }),
    ambassadors: createAmbassadorsService({ audit }),
    communities: createCommunitiesService({ env, audit, reference, brands }),
    brandPortal: createBrandPortalService(),
    /** The admin and brand portal dashboards' charts. */
    dashboards: createDashboardsService(),
    inquiries: createInquiriesService({ env, audit }),
    experienceApprovals: createExperienceApprovalsService({ env, audit, experiencesHost }),
    /** The operators' refunds (CLI list-refunds / retry-refund). */
    refunds: createRefundsService({ audit }),
    inquiriesExport: createInquiriesExportService(),
    coupons: createCouponsService({ audit }),
    hostReservations: createHostReservationsService(),
    reservationMessages: createReservationMessagesService({ env }),
    /** The job that queues the day-before reminders. */
    reminders: createReminders({ orm, env, log }),
    /** The monthly close and payouts (earnings/payouts.service.ts). */
    payouts: createPayoutsService({ env, audit, adapter: bankFile, bankLabel }),
    /** The payee's earnings, statements and bank account (earnings/earnings.service.ts). */
    earnings: createEarningsService({ env, audit, banks }),
  };
}

export type Services = ReturnType<typeof buildServices>;

/** The app's database timeouts (docs/operations.md): requests, jobs and commands. */
export function dbTimeouts(env: Env): DbTimeouts {
  return {
    acquire: env.DATABASE_ACQUIRE_TIMEOUT_MS,
    statement: env.DATABASE_STATEMENT_TIMEOUT_MS,
    lock: env.DATABASE_LOCK_TIMEOUT_MS,
    idleInTransaction: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * Migrations under an advisory lock on one dedicated connection, so processes starting together migrate once. They
 * run on an ORM of their own without the app's statement and lock timeouts (a migration may rewrite a large table).
 */
export async function migrateLocked(databaseUrl: string): Promise<number> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const orm = await initOrm(databaseUrl, { pool: 1 });
    try {
      return await migrate(orm);
    } finally {
      await orm.close(true);
    }
  } finally {
    await lock.end(); // ending the session releases the lock
  }
}

/** The embedded cluster's database (server, CLI and tests alike). */
const EMBEDDED_DATABASE = 'marketplace';

export interface RootOptions {
  /** Parsed environment; default: parseEnv(process.env) (throws EnvError naming the variable). */
  env?: Env;
  log?: Logger;
  /** Overrides env.DATABASE_URL (tests: their own cloned database). */
  databaseUrl?: string;
  /** Apply pending migrations under the advisory lock before building the services. */
  migrate?: boolean;
  /** ORM connection pool size (default: DATABASE_POOL_MAX). */
  pool?: number;
  /**
   * Without DATABASE_URL: connect to the embedded database another live process (a running server) already runs on
   * DATA_DIR instead of refusing the folder (the CLI beside `npm start`). That process keeps it; close() leaves it.
   */
  shareRunningEmbedded?: boolean;
}

export interface Root {
  env: Env;
  log: Logger;
  orm: MikroORM;
  databaseUrl: string;
  /** The embedded PostgreSQL this root started, or null (DATABASE_URL, or one shared with another process). */
  embedded: EmbeddedDatabase | null;
  /** The embedded database of another process this root connected to (shareRunningEmbedded), or null. */
  shared: { port: number; ownerPid: number } | null;
  /** How many migrations ran (0 unless options.migrate). */
  migrated: number;
  services: Services;
  /** Closes the ORM and stops the embedded PostgreSQL, if any. Idempotent. */
  close(): Promise<void>;
}

export async function createRoot(options: RootOptions = {}): Promise<Root> {
  const env = options.env ?? parseEnv();
  const log = options.log ?? createLogger(env.LOG_LEVEL);
  let embedded: EmbeddedDatabase | null = null;
  let shared: Root['shared'] = null;
  let databaseUrl = options.databaseUrl ?? env.DATABASE_URL;
  const dir = `${env.DATA_DIR}/pg`;
  if (!databaseUrl) {
    const running = options.shareRunningEmbedded ? runningEmbeddedDatabase(dir, EMBEDDED_DATABASE) : null;
    if (running) {
      shared = { port: running.port, ownerPid: running.ownerPid };
      databaseUrl = running.url;
    } else {
      embedded = await startEmbeddedDatabase({ dir, database: EMBEDDED_DATABASE });
      databaseUrl = embedded.url;
      log.info({ created: embedded.created, port: embedded.port }, 'embedded PostgreSQL started');
    }
  }
  let orm: MikroORM;
  let migrated = 0;
  try {
    orm = await initOrm(databaseUrl, {
      pool: options.pool ?? env.DATABASE_POOL_MAX,
      timeouts: dbTimeouts(env),
      // Tests and development fail on a second acquire inside a transaction; production logs it (src/lib/transaction.ts).
      guard: env.NODE_ENV === 'production' ? 'log' : 'throw',
      warn: (error) => log.error({ err: error }, 'second connection inside a transaction'),
    });
    // The shared database is checked at once: its owner may be stopping.
    if (shared) await orm.em.execute('SELECT 1');
  } catch (error) {
    await embedded?.stop();
    if (shared) throw new SharedDatabaseError(path.resolve(dir), shared.port, shared.ownerPid, { cause: error });
    throw error;
  }
  try {
    if (options.migrate) migrated = await migrateLocked(databaseUrl);
  } catch (error) {
    await orm.close(true);
    await embedded?.stop();
    throw error;
  }
  if (migrated) log.info({ applied: migrated }, 'migrations applied');
  const services = buildServices({ orm, env, log });
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      services.mail.close();
      await orm.close(true);
      await embedded?.stop();
    })());
  return { env, log, orm, databaseUrl, embedded, shared, migrated, services, close };
}
