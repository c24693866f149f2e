// The administrators' list of every account (docs/decisions/admin-lists.md): newest first in pages of 20; the keyword
// over name and e-mail as typed or the id in any width, the role and 退会済み; ADMIN only; the user pickers' search
// (GET /api/v1/users?q=) answers as before.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { expectDocumented } from '#tests/api/openapi-contract';
import { createUser } from '#tests/factories/users';
import { NON_ADMIN, expectedDenial, setupCallers, type Callers } from './admin-helpers';

let t: TestApp;
let c: Callers;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  ids.sato = (await createUser(t.orm, { name: '佐藤 ゆうき', email: 'sato.list@example.com' })).id;
  ids.kato = (await createUser(t.orm, { name: 'カトウ ハナ', email: 'hana.list@example.com', role: 'HOST' })).id;
  ids.gone = (await createUser(t.orm, { name: '去る 人', email: 'gone.list@example.com' })).id;
  // As leaving leaves the row: anonymised and dated (users/leaving-erasure.ts).
  await t.orm.em
    .fork()
    .getConnection()
    .execute(
      `UPDATE users SET name = '退会したユーザー', email = 'left-' || id || '@invalid', left_at = '2026-11-20T03:00:00Z' WHERE id = ?`,
      [ids.gone],
    );
  // A page and a half of guests, so that paging has something to show.
  for (let i = 1; i <= 25; i++) await createUser(t.orm, { name: `一括 利用者${i}`, email: `bulk${i}.list@example.com` });
});

const list = (query = '') => c.agents.admin.get(`/api/v1/admin/users${query ? `?${query}` : ''}`);
const idsOf = async (query: string) => {
  const res = await list(query);
  expect(res.status, query).toBe(200);
  expectDocumented(res);
  return (res.body.users as { id: number }[]).map((row) => row.id);
};

describe('GET /api/v1/admin/users', () => {
  it('lists every account newest first, 20 a page, with its e-mail, role, sign-up and departure', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expectDocumented(first);
    expect(first.body.users).toHaveLength(20);
    expect(first.body.users[0]).toEqual({
      id: expect.any(Number),
      name: '一括 利用者25',
      email: 'bulk25.list@example.com',
      role: 'USER',
      created_at: expect.any(String),
      left_at: null,
    });
    // setupCallers' four accounts, the three above and the 25 guests.
    expect(first.body.meta).toEqual({ current_page: 1, total_pages: 2, total_count: 32 });
    const second = await list('page=2');
    expect(second.body.users.map((u: { name: string }) => u.name).slice(0, 5)).toEqual([
      '一括 利用者5',
      '一括 利用者4',
      '一括 利用者3',
      '一括 利用者2',
      '一括 利用者1',
    ]);
    expect(second.body.users[5]).toEqual({
      id: ids.gone,
      name: '退会したユーザー',
      email: `left-${ids.gone}@invalid`,
      role: 'USER',
      created_at: expect.any(String),
      left_at: '2026-11-20T03:00:00.000Z',
    });
    expect(second.body.users).toHaveLength(12);
  });

  it('finds a name or e-mail as typed, and an id in any width (a departed account too)', async () => {
    expect(await idsOf(`q=${encodeURIComponent('佐藤　ゆうき')}`)).toEqual([ids.sato]);
    expect(await idsOf(`q=${encodeURIComponent('かとう')}`)).toEqual([ids.kato]);
    expect(await idsOf('q=HANA.LIST')).toEqual([ids.kato]);
    const fullWidth = String(ids.gone).replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    // The digits are the id, and also part of other accounts' e-mail addresses (the factory numbers them).
    expect(await idsOf(`q=${encodeURIComponent(fullWidth)}`)).toContain(ids.gone);
    expect(await idsOf(`q=${encodeURIComponent(fullWidth)}&left=true`)).toEqual([ids.gone]);
    expect(await idsOf(`q=${encodeURIComponent('退会したユーザー')}`)).toEqual([]);
  });

  it('filters by role and by 退会済み', async () => {
    expect(await idsOf('role=HOST')).toEqual([ids.kato, c.ids.host]);
    expect(await idsOf('role=ADMIN')).toEqual([c.ids.admin]);
    expect(await idsOf('left=true')).toEqual([ids.gone]);
    expect(await idsOf('left=false&role=HOST&q=')).toEqual([ids.kato, c.ids.host]);
  });

  it('refuses malformed filters with 422 and a Japanese message', async () => {
    const cases: [string, string, string][] = [
      ['role=OWNER', 'role', '権限は一覧の中から選んでください'],
      ['left=maybe', 'left', '絞り込み条件が正しくありません'],
      [`q=${encodeURIComponent('あ'.repeat(101))}`, 'q', 'キーワードは100文字以内で入力してください'],
      ['page=abc', 'page', 'ページは1以上の整数で指定してください'],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(422);
      expectDocumented(res);
      expect(res.body.messages[field], query).toEqual([message]);
    }
  });

  it('refuses everyone but an administrator', async () => {
    for (const caller of NON_ADMIN) {
      const res = await c.agents[caller].get('/api/v1/admin/users');
      expect(res.status, caller).toBe(expectedDenial(caller));
      expectDocumented(res);
      expect(res.text).not.toContain('sato.list@example.com');
    }
  });

  it("leaves the user pickers' search as it was: names only, accounts that have not left", async () => {
    const res = await c.agents.admin.get(`/api/v1/users?q=${encodeURIComponent('ゆうき')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ users: [{ id: ids.sato, name: '佐藤 ゆうき' }] });
  });
});
