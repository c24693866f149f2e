// Test users and signed-in supertest agents. Shared by the API tests.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Express } from 'express';
import request from 'supertest';
import { hashPassword } from '#src/lib/password';
import { User } from '#src/modules/users/users.entity';
import type { UserRole } from '#src/modules/users/users.schemas';

export const TEST_PASSWORD = 'password1234';
let counter = 0;
let cachedHash: string | null = null;

/**
 * scrypt's cost for the accounts tests write straight into the database: a sixteenth of the app's. Signing in reads
 * the cost from the stored hash, so each of the suites' thousand-odd sign-ins of such accounts costs about 3 ms of CPU
 * instead of 50; what the app hashes itself (sign-up, a new password, the demo accounts) keeps its own cost.
 */
const TEST_DATA_COST = 1024;

/** A password's hash for an account a test writes into the database. */
export function testDataHash(password: string): Promise<string> {
  return hashPassword(password, TEST_DATA_COST);
}

/** The hash of TEST_PASSWORD, computed once. */
async function testPasswordHash(): Promise<string> {
  if (cachedHash === null) cachedHash = await testDataHash(TEST_PASSWORD);
  return cachedHash;
}

/** A user row; its address counts as verified unless `verified: false` (an account that has not opened the sign-up link). */
export async function createUser(
  orm: MikroORM,
  overrides: { name?: string; email?: string; role?: UserRole; password?: string; verified?: boolean } = {},
) {
  // Taken before any await: concurrent calls must never share a number.
  const n = ++counter;
  const unique = `${n}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const em = orm.em.fork();
  const passwordHash = overrides.password ? await testDataHash(overrides.password) : await testPasswordHash();
  const user = em.create(User, {
    name: overrides.name ?? `テスト ユーザー${n}`,
    email: overrides.email ?? `user${unique}@example.com`,
    passwordHash,
    role: overrides.role ?? 'USER',
    emailVerifiedAt: overrides.verified === false ? null : new Date(),
  });
  await em.flush();
  return user;
}

export type Agent = ReturnType<typeof request.agent>;

let ipCounter = 0;

export interface SignInOptions {
  /** The browser's User-Agent (the account pages name the device from it). */
  userAgent?: string;
  /** The door: the marketplace's sign-in (default) or the brand portal's. */
  door?: 'marketplace' | 'portal';
}

const SIGN_IN_PATHS = { marketplace: '/api/v1/sessions', portal: '/brand/api/v1/brand-members/sign-in' } as const;

/**
 * A supertest agent that keeps the session cookie, signed in as the account on its door. Each sign-in comes from its
 * own client address (X-Forwarded-For; the app trusts one proxy hop), so the many sign-ins of a file stay under the
 * per-address sign-in limit.
 */
export async function signedInAgent(app: Express, email: string, password = TEST_PASSWORD, options: SignInOptions = {}): Promise<Agent> {
  ipCounter += 1;
  const agent = request.agent(app);
  const req = agent
    .post(SIGN_IN_PATHS[options.door ?? 'marketplace'])
    .set('X-Forwarded-For', `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`);
  if (options.userAgent) req.set('User-Agent', options.userAgent);
  const res = await req.send({ email, password });
  if (res.status !== 201) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

/** A new user and an agent signed in as them. */
export async function createSignedInUser(t: { app: Express; orm: MikroORM }, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.orm, overrides);
  return { user, agent: await signedInAgent(t.app, user.email, overrides.password) };
}
