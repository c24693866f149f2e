// The environment, parsed once at boot with zod (ARCHITECTURE.md "Style"): a bad variable stops the boot
// with a message naming it. Server-only.
import { z } from 'zod';
import { siteOrigin } from '#src/components/seo';
import { toTransferKana } from '#src/modules/earnings/earnings.shared';

const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));
const rate = z.coerce.number().min(0).max(1);

/**
 * Whether `value` is an インボイス登録番号 (qualified invoice issuer number): `T` and 13 digits whose first digit is the
 * check digit of the other 12, by the 法人番号 rule: 9 − (Σ digit × weight mod 9), the weights 1, 2, 1, 2, … counted
 * from the rightmost digit (e.g. T7000012050002, the National Tax Agency's own number).
 */
export function isInvoiceRegistrationNumber(value: string): boolean {
  const match = /^T(\d)(\d{12})$/.exec(value);
  if (!match) return false;
  const digits = [...match[2]].reverse().map(Number);
  const sum = digits.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 1 : 2), 0);
  return Number(match[1]) === 9 - (sum % 9);
}

const CLIENT_NAME_RULE =
  'PAYOUT_CLIENT_NAME must be the 委託者名 in kana as the bank registered it (half-width katakana, e.g. ﾀﾋﾞﾄｺ(ｶ); kanji cannot be written in the transfer file';

/**
 * The demo インボイス登録番号. Its check digit is valid, so it could be a real business's number: production refuses
 * it even when it is set explicitly.
 */
const DEMO_INVOICE_REGISTRATION_NUMBER = 'T7123456789012';

/**
 * What production must set explicitly, each with what it is: the issuer printed on receipts and statements, and the
 * platform's own account in the 全銀 file's header. Their defaults are demo values, which a real document must never
 * carry. PAYOUT_ACCOUNT_TYPE is left out: 'ordinary' is a real choice, not a placeholder.
 */
const PRODUCTION_REQUIRED = {
  PLATFORM_NAME: 'the issuer name printed on receipts and statements',
  PLATFORM_ADDRESS: 'the issuer address printed on receipts and statements',
  INVOICE_REGISTRATION_NUMBER: "the platform's own インボイス登録番号 printed on receipts and statements",
  PAYOUT_CLIENT_CODE: 'the 委託者コード the bank gave for the transfer file',
  PAYOUT_CLIENT_NAME: 'the 委託者名 in kana as the bank registered it',
  PAYOUT_BANK_CODE: "the paying account's bank code in the transfer file",
  PAYOUT_BRANCH_CODE: "the paying account's branch code in the transfer file",
  PAYOUT_ACCOUNT_NUMBER: "the paying account's number in the transfer file",
} as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public base URL, used for canonical links, robots.txt, sitemaps and mails; required in production. */
  APP_URL: z.url().optional(),
  /**
   * How many proxy hops in front of the app set X-Forwarded-For/-Proto (Express 'trust proxy'): the client IP is the
   * address that many hops back. Default 1 in production (the platform's router), 0 elsewhere (headers ignored).
   */
  TRUST_PROXY: z.coerce.number().int('TRUST_PROXY must be a whole number of proxy hops').min(0).max(10).optional(),
  DATABASE_URL: optionalUrl,
  /**
   * Most connections this process opens to PostgreSQL for its queries (the session store keeps a pool of 5 of its
   * own). One process runs its JavaScript on one core, so more connections than it can keep busy only make the
   * database switch between backends: on the two-core bench machine 6 answered about a fifth more searches than 10.
   * Also the most page requests the process works on at once (server/page-gate.ts).
   */
  DATABASE_POOL_MAX: z.coerce.number().int('DATABASE_POOL_MAX must be a whole number').min(1).max(100).default(6),
  /**
   * The longest a unit of work (request, job, command) waits for a pooled connection, and a page request for its
   * turn (server/page-gate.ts); past it the request answers 503 with Retry-After, so a busy process never holds a
   * request for ever.
   */
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** PostgreSQL's statement_timeout for the app's connections (migrations run without one). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** PostgreSQL's lock_timeout: the longest a statement waits for a row or table lock. */
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** PostgreSQL's idle_in_transaction_session_timeout: a transaction left open and idle this long is ended by the server. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Embedded PostgreSQL data folder (only without DATABASE_URL). */
  DATA_DIR: z.string().min(1).default('.data'),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Service and processing fee rates (fractions of tour + option - discount). */
  SERVICE_FEE_RATE: rate.default(0.05),
  PROCESSING_FEE_RATE: rate.default(0.036),
  /** The platform's commission: a fraction of the experience fee plus the option fee (before a coupon discount). */
  PLATFORM_COMMISSION_RATE: rate.default(0.15),
  /**
   * The monthly close (月末締め翌月末払い by default): the day of the month the period closes on and the day of the
   * next month the payout is made, 1-28, or 0 for the month's last day.
   */
  PAYOUT_CLOSING_DAY: z.coerce.number().int('PAYOUT_CLOSING_DAY must be 0 (month end) or a day 1-28').min(0).max(28).default(0),
  PAYOUT_PAY_DAY: z.coerce.number().int('PAYOUT_PAY_DAY must be 0 (month end) or a day 1-28').min(0).max(28).default(0),
  /** The smallest balance (yen) that is paid out at a close; a smaller one carries over to the next month. */
  PAYOUT_MINIMUM: z.coerce.number().int().min(1).max(10_000_000).default(3000),
  /** The bank's transfer fee (yen) and who bears it: deducted from the payout ('payee') or borne by the platform. */
  PAYOUT_TRANSFER_FEE: z.coerce.number().int().min(0).max(10_000).default(0),
  PAYOUT_FEE_BORNE_BY: z.enum(['platform', 'payee']).default('platform'),
  /**
   * The platform's account for the 全銀 総合振込 file's header: the 委託者コード (10 digits) given by the bank, the
   * 委託者名 and the paying account. The defaults are demo values; production requires each (PRODUCTION_REQUIRED).
   */
  PAYOUT_CLIENT_CODE: z
    .string()
    .regex(/^\d{10}$/, 'PAYOUT_CLIENT_CODE must be 10 digits')
    .default('0000000000'),
  /**
   * The 委託者名 as the bank registered it, in kana: stored as the file writes it (toTransferKana: half-width
   * katakana, upper-case letters), at most 40 characters. A name with kanji (株式会社たびとこ) has no such form, and
   * the header's name would be blank, so the boot refuses it.
   */
  PAYOUT_CLIENT_NAME: z
    .string()
    .transform((value, ctx) => {
      const kana = toTransferKana(value);
      if (kana === null || kana === '') {
        ctx.addIssue({ code: 'custom', message: CLIENT_NAME_RULE });
        return z.NEVER;
      }
      if (kana.length > 40) {
        ctx.addIssue({
          code: 'custom',
          message: `PAYOUT_CLIENT_NAME is ${kana.length} characters as half-width kana (${kana}); the file holds 40`,
        });
        return z.NEVER;
      }
      return kana;
    })
    .default('ﾀﾋﾞﾄｺ(ｶ'),
  PAYOUT_BANK_CODE: z
    .string()
    .regex(/^\d{4}$/, 'PAYOUT_BANK_CODE must be 4 digits')
    .default('0001'),
  PAYOUT_BRANCH_CODE: z
    .string()
    .regex(/^\d{3}$/, 'PAYOUT_BRANCH_CODE must be 3 digits')
    .default('001'),
  PAYOUT_ACCOUNT_TYPE: z.enum(['ordinary', 'checking']).default('ordinary'),
  PAYOUT_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{7}$/, 'PAYOUT_ACCOUNT_NUMBER must be 7 digits')
    .default('1234567'),
  /**
   * The key that encrypts payees' account numbers (AES-256-GCM): 64 hex characters or 44 base64 characters (32
   * bytes). In production nothing reads or writes an account number without it (bank-account-crypto.ts refuses);
   * elsewhere a fixed development-only key is used.
   */
  BANK_ACCOUNT_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'BANK_ACCOUNT_KEY must be 32 bytes as 64 hex or 44 base64 characters')
    .optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_').optional(),
  /**
   * The signing secret of the Stripe webhook endpoint: POST /api/v1/payments/stripe/webhook verifies every
   * event with it. Unset: the endpoint answers 404 (disabled), so unsigned events can never be accepted.
   */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional(),
  /** Points the Stripe SDK at another host (tests, a Stripe mock). Format: http(s)://host:port */
  STRIPE_API_BASE: optionalUrl,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('たびとこ <no-reply@example.com>'),
  OFFICE_EMAIL: z.email().default('office@example.com'),
  /** Image hosting upload endpoint (Cloudinary-style contract). Unset: the built-in local store. */
  IMAGE_UPLOAD_URL: optionalUrl,
  IMAGE_UPLOAD_PRESET: z.string().optional(),
  /** How many seconds a seat hold lasts while a payment runs. */
  SEAT_HOLD_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  /** Hours a キャンセル待ち offer holds its seats (never past the slot's booking deadline). */
  WAITLIST_OFFER_HOURS: z.coerce.number().min(0.01).max(168).default(12),
  /** Seconds a signed-out page render or public experience/availability JSON is reused by this process; 0: off. */
  PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(2),
  /**
   * The platform as the issuer of the guests' receipts (領収書, a 適格簡易請求書) and the hosts' statements: its name,
   * address and インボイス登録番号. The defaults are demo values for development and tests; production requires all
   * three (PRODUCTION_REQUIRED) and refuses the demo registration number.
   */
  PLATFORM_NAME: z.string().trim().min(1).max(100).default('株式会社たびとこ'),
  PLATFORM_ADDRESS: z.string().trim().min(1).max(200).default('〒100-0005 東京都千代田区丸の内1-1-1'),
  INVOICE_REGISTRATION_NUMBER: z
    .string()
    .trim()
    .refine(
      isInvoiceRegistrationNumber,
      'INVOICE_REGISTRATION_NUMBER must be T and 13 digits with a valid check digit (e.g. T7000012050002)',
    )
    .default(DEMO_INVOICE_REGISTRATION_NUMBER),
  /**
   * The bearer token GET /metrics requires (server/metrics.ts). Unset: /metrics is 404 and nothing is measured.
   */
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Set to 1 to skip the background mail worker in this process. */
  DISABLE_WORKERS: z.enum(['0', '1']).default('0'),
});

export type Env = Omit<z.infer<typeof envSchema>, 'TRUST_PROXY'> & { TRUST_PROXY: number };

/** The variables at fault, each with its reason (English: the server's log; the CLI names the variable in Japanese). */
export class EnvError extends Error {
  constructor(readonly issues: { variable: string; reason: string }[]) {
    super(`Invalid environment variable(s):\n${issues.map((i) => `  ${i.variable}: ${i.reason}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => ({ variable: issue.path.join('.'), reason: issue.message })));
  }
  const env: Env = { ...result.data, TRUST_PROXY: result.data.TRUST_PROXY ?? (result.data.NODE_ENV === 'production' ? 1 : 0) };
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    throw new EnvError([{ variable: 'SESSION_SECRET', reason: 'required in production' }]);
  }
  if (env.NODE_ENV === 'production' && !env.APP_URL) {
    // Absolute links (canonical, robots.txt, sitemap, mails) never come from request headers.
    throw new EnvError([{ variable: 'APP_URL', reason: 'required in production (the public base URL, e.g. https://tabitoko.example)' }]);
  }
  if (env.NODE_ENV === 'production') {
    // Each one missing is named, so one failed boot lists everything to set.
    const missing = Object.entries(PRODUCTION_REQUIRED)
      .filter(([variable]) => !source[variable]?.trim())
      .map(([variable, what]) => ({ variable, reason: `required in production (${what}; the default is a demo value)` }));
    if (missing.length > 0) throw new EnvError(missing);
    if (env.INVOICE_REGISTRATION_NUMBER === DEMO_INVOICE_REGISTRATION_NUMBER) {
      throw new EnvError([
        {
          variable: 'INVOICE_REGISTRATION_NUMBER',
          reason: `${DEMO_INVOICE_REGISTRATION_NUMBER} is the demo number; set the platform's own`,
        },
      ]);
    }
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
    throw new EnvError([{ variable: 'STRIPE_PUBLISHABLE_KEY', reason: 'required when STRIPE_SECRET_KEY is set' }]);
  }
  return env;
}

/** For the process entry points: the environment, or the variable at fault on stderr and this exit code. */
export function parseEnvOrExit(exitCode: number, source: NodeJS.ProcessEnv = process.env): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(exitCode);
  }
}

/** The public base URL (no trailing slash): APP_URL, else http://localhost:PORT; never request headers (siteOrigin). */
export function publicBaseUrl(env: Pick<Env, 'APP_URL' | 'PORT'>): string {
  return siteOrigin(env);
}
