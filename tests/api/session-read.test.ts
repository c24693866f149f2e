// A request's session is read with its marketplace user and its portal member in one statement
// (server/session-store.ts): what that read must still do on each door like the two reads it replaced, and that it is
// one statement.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser } from '#tests/factories/users';
import { User } from '#src/modules/users/users.entity';
import { createBrand } from '#tests/factories/communities';
import { createApplication, setupPortalBrand } from './brand-portal-helpers';
import { createSessionStore } from '#server/session-store';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const sql = (text: string, values: unknown[] = []) => t.orm.em.fork().getConnection().execute(text, values);

/** The statements this process sends while `fn` runs (every pg client: the session store's and the ORM's). */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const texts: string[] = [];
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    texts.push(typeof config === 'string' ? config : (config.text ?? ''));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query);
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return texts;
}

/** The stored session of a user (each test's user has one: its sign-in). */
async function storedSession(userId: number): Promise<Record<string, unknown>> {
  const rows = await sql(`SELECT sess FROM session WHERE sess->>'userId' = ?`, [String(userId)]);
  expect(rows).toHaveLength(1);
  return rows[0].sess as Record<string, unknown>;
}

describe('the session read with its user', () => {
  it('sends one statement for the session and the user, and GET /api/v1/me answers from it', async () => {
    const { user, agent } = await createSignedInUser(t, { name: '読込 一郎' });
    let res = await agent.get('/api/v1/me');
    const texts = await statementsOf(async () => {
      res = await agent.get('/api/v1/me');
    });
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

  it('ends a signed-in request that changes nothing without a touch of the store and without a Set-Cookie', async () => {
    const store = createSessionStore({ pool: t.pool, config: t.orm.config, prune: false });
    expect(store.touch).toBeUndefined();
    const { agent } = await createSignedInUser(t);
    const res = await agent.get('/api/v1/me');
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('moves the expiry to 30 days after the last use when the last-use refresh writes the session', async () => {
    const { user, agent } = await createSignedInUser(t);
    const DAY = 24 * 60 * 60 * 1000;
    const earlier = new Date(Date.now() - 10 * 60 * 1000).toISOString();
    const sooner = new Date(Date.now() + 20 * DAY).toISOString();
    await sql(
      `UPDATE session SET expire = ?::timestamptz,
         sess = jsonb_set(jsonb_set(sess::jsonb, '{lastSeenAt}', to_jsonb(?::text)), '{cookie,expires}', to_jsonb(?::text))::json
       WHERE sess->>'userId' = ?`,
      [sooner, earlier, sooner, String(user.id)],
    );
    const res = await agent.get('/api/v1/me');
    expect(res.status).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)?.[1] ?? 'none');
    expect(Math.abs(expires - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    const [row] = await sql(`SELECT expire, sess->>'lastSeenAt' AS last_seen FROM session WHERE sess->>'userId' = ?`, [String(user.id)]);
    expect(Math.abs(new Date(row.expire).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(Date.parse(row.last_seen)).toBeGreaterThan(Date.parse(earlier) + 5 * 60 * 1000);
  });
});

/** The stored session of a portal member (its sign-in's). */
async function storedPortalSession(memberId: number): Promise<Record<string, unknown>> {
  const rows = await sql(`SELECT sess FROM session WHERE sess->>'brandMemberId' = ?`, [String(memberId)]);
  expect(rows).toHaveLength(1);
  return rows[0].sess as Record<string, unknown>;
}

describe('the session read with its portal member', () => {
  it('reads the member in the session statement: the applications list is that statement, its page and its rows', async () => {
    const brand = await setupPortalBrand(t, 'Read');
    let res = await brand.agent.get('/brand/api/v1/community-applications');
    const texts = await statementsOf(async () => {
      res = await brand.agent.get('/brand/api/v1/community-applications');
    });
    expect(res.status).toBe(200);
    expect(res.body.community_applications.map((x: { id: number }) => x.id)).toEqual([brand.applicationId]);
    expect(res.body.communities).toEqual([{ id: brand.communityId, name: 'Readのコミュニティ' }]);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toMatch(/FROM session s[\s\S]+LEFT JOIN brand_members m/);
    expect(texts.filter((text) => text.includes('brand_members'))).toHaveLength(1);
  });

  it('reads the member afresh on every request: a move to another brand shows that brand on the next one', async () => {
    const brand = await setupPortalBrand(t, 'Move');
    const other = await createBrand(t.orm, { name: '移動先ブランド' });
    expect((await brand.agent.get('/brand/api/v1/brand-members/me')).body.brand.id).toBe(brand.brandId);
    await sql('UPDATE brand_members SET brand_id = ? WHERE id = ?', [other.id, brand.member.id]);
    expect((await brand.agent.get('/brand/api/v1/brand-members/me')).body.brand).toMatchObject({ id: other.id, name: '移動先ブランド' });
    const list = await brand.agent.get('/brand/api/v1/community-applications');
    expect(list.body).toMatchObject({ community_applications: [], communities: [] });
    expect(list.body.meta).toMatchObject({ total_count: 0 });
  });

  it('signs out a member whose invitation no longer counts as accepted, and the row forgets the member', async () => {
    const brand = await setupPortalBrand(t, 'Off');
    await sql('UPDATE brand_members SET invitation_accepted = false WHERE id = ?', [brand.member.id]);
    const res = await brand.agent.get('/brand/api/v1/community-applications');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('ログインしてください');
    const rows = await sql(`SELECT count(*)::int AS n FROM session WHERE sess->>'brandMemberId' = ?`, [String(brand.member.id)]);
    expect(rows[0].n).toBe(0);
  });

  it('signs out a session whose member was deleted, and treats a brandMemberId that is not a plain id as no member', async () => {
    const gone = await setupPortalBrand(t, 'Gone');
    await sql('DELETE FROM brand_members WHERE id = ?', [gone.member.id]);
    expect((await gone.agent.get('/brand/api/v1/brand-members/me')).status).toBe(401);
    const odd = await setupPortalBrand(t, 'Odd');
    const sess = await storedPortalSession(odd.member.id);
    await sql(`UPDATE session SET sess = ?::json WHERE sess->>'brandMemberId' = ?`, [
      JSON.stringify({ ...sess, brandMemberId: `${odd.member.id} OR true` }),
      String(odd.member.id),
    ]);
    expect((await odd.agent.get('/brand/api/v1/brand-members/me')).status).toBe(401);
  });

  it('gives each door only its own account when one session row names both', async () => {
    const brand = await setupPortalBrand(t, 'Both');
    await createApplication(t, brand.communityId, null, '両方 花子');
    const { user } = await createSignedInUser(t, { name: '両方 一郎' });
    const sess = await storedPortalSession(brand.member.id);
    await sql(`UPDATE session SET sess = ?::json WHERE sess->>'brandMemberId' = ?`, [
      JSON.stringify({ ...sess, userId: user.id }),
      String(brand.member.id),
    ]);
    expect((await brand.agent.get('/api/v1/me')).body).toMatchObject({ id: user.id, name: '両方 一郎' });
    expect((await brand.agent.get('/brand/api/v1/brand-members/me')).body).toMatchObject({
      id: brand.member.id,
      brand: { id: brand.brandId },
    });
    const list = await brand.agent.get('/brand/api/v1/community-applications');
    expect(list.body.community_applications.map((x: { user_name: string }) => x.user_name)).toEqual(['両方 花子', 'Both 申込者']);
  });
});
