// A request's session is read with its marketplace user in one statement (server/session-store.ts): what that read
// must still do like the two reads it replaced, and that it is one statement.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser } from '#tests/factories/users';
import { User } from '#src/modules/users/users.entity';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const sql = (text: string, values: unknown[] = []) => t.orm.em.fork().getConnection().execute(text, values);

/** The stored session of a user (each test's user has one: its sign-in). */
async function storedSession(userId: number): Promise<Record<string, unknown>> {
  const rows = await sql(`SELECT sess FROM session WHERE sess->>'userId' = ?`, [String(userId)]);
  expect(rows).toHaveLength(1);
  return rows[0].sess as Record<string, unknown>;
}

describe('the session read with its user', () => {
  it('sends one statement for the session and the user, and GET /api/v1/me answers from it', async () => {
    const { user, agent } = await createSignedInUser(t, { name: '読込 一郎' });
    const texts: string[] = [];
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as string | { text?: string };
      texts.push(typeof config === 'string' ? config : (config.text ?? ''));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    const res = await agent.get('/api/v1/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, name: '読込 一郎', access_control: 'USER', current_ambassador_id: null });
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/FROM session s\s+LEFT JOIN users u/);
  });

  it('reads the user afresh on every request: a rename shows on the next one', async () => {
    const { user, agent } = await createSignedInUser(t, { name: '旧名 太郎' });
    expect((await agent.get('/api/v1/me')).body.name).toBe('旧名 太郎');
    await t.orm.em.fork().nativeUpdate(User, { id: user.id }, { name: '新名 太郎', role: 'ADMIN' });
    const res = await agent.get('/api/v1/me');
    expect(res.body).toMatchObject({ name: '新名 太郎', access_control: 'ADMIN' });
  });

  it('signs out a session whose account no longer exists, and its row forgets the account', async () => {
    const { user, agent } = await createSignedInUser(t);
    await sql('DELETE FROM users WHERE id = ?', [user.id]);
    expect((await agent.get('/api/v1/me')).status).toBe(401);
    const rows = await sql(`SELECT count(*)::int AS n FROM session WHERE sess->>'userId' = ?`, [String(user.id)]);
    expect(rows[0].n).toBe(0);
  });

  it('treats a stored userId that is not a plain id as no account (401, never a 500)', async () => {
    const { user, agent } = await createSignedInUser(t);
    const sess = await storedSession(user.id);
    await sql(`UPDATE session SET sess = ?::json WHERE sess->>'userId' = ?`, [
      JSON.stringify({ ...sess, userId: `${user.id} OR true` }),
      String(user.id),
    ]);
    expect((await agent.get('/api/v1/me')).status).toBe(401);
  });

  it('does not read an expired session row', async () => {
    const { user, agent } = await createSignedInUser(t);
    await sql(`UPDATE session SET expire = now() - interval '1 minute' WHERE sess->>'userId' = ?`, [String(user.id)]);
    expect((await agent.get('/api/v1/me')).status).toBe(401);
  });

  it('keeps the user out of the stored session: a request that changes nothing writes nothing', async () => {
    const { user, agent } = await createSignedInUser(t);
    const before = await storedSession(user.id);
    await agent.get('/api/v1/me');
    const after = await storedSession(user.id);
    expect(after).toEqual(before);
    expect(Object.keys(after).sort()).toEqual(['cookie', 'lastSeenAt', 'signedInAt', 'userId']);
  });
});
