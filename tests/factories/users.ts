import type { MikroORM } from '@mikro-orm/postgresql';
import request from 'supertest';
import type { Express } from 'express';
import { User } from '#src/modules/users/users.entity';
import { hashPassword } from '#src/lib/password';
import type { UserRole } from '#src/modules/users/users.schemas';

export const TEST_PASSWORD = 'password1234';
let counter = 0;
let cachedHash: string | null = null;

export async function createUser(orm: MikroORM, overrides: { name?: string; email?: string; role?: UserRole; password?: string } = {}) {
  // Taken before any await: concurrent calls must never share a number.
  const n = ++counter;
  const unique = `${n}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const em = orm.em.fork();
  cachedHash ??= await hashPassword(TEST_PASSWORD);
  const passwordHash = overrides.password ? await hashPassword(overrides.password) : cachedHash;
  const user = em.create(User, {
    name: overrides.name ?? `テスト ユーザー${n}`,
    email: overrides.email ?? `user${unique}@example.com`,
    passwordHash,
    role: overrides.role ?? 'USER',
  });
  await em.flush();
  return user;
}

/** A supertest agent that keeps the session cookie, signed in as the user. */
export async function signedInAgent(app: Express, email: string, password = TEST_PASSWORD) {
  const agent = request.agent(app);
  const res = await agent.post('/api/v1/sessions').send({ email, password });
  if (res.status !== 201) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}
