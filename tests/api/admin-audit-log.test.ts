// The administrators' whole audit log (docs/decisions/admin-lists.md): every entry newest first in pages of 50, by
// entity kind and by the days it was made (Japan time, both included); ADMIN only.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { expectDocumented } from '#tests/api/openapi-contract';
import { NON_ADMIN, expectedDenial, setupCallers, type Callers } from './admin-helpers';

let t: TestApp;
let c: Callers;

/** An entry as the services write them, at a stated time. */
async function entry(entityType: string, entityId: number, action: string, at: string, after: Record<string, unknown>) {
  await t.orm.em
    .fork()
    .getConnection()
    .execute(
      `INSERT INTO audit_log (actor, actor_name, entity_type, entity_id, action, before, after, created_at)
       VALUES ('operator:alice', 'alice', ?, ?, ?, NULL, ?, ?)`,
      [entityType, entityId, action, JSON.stringify(after), at],
    );
}

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  await t.orm.em.fork().getConnection().execute('DELETE FROM audit_log');
  // Japan time: 12-01 09:30, 12-01 23:59 and 12-02 00:10.
  await entry('coupon', 7, 'create', '2026-12-01T00:30:00Z', { code: 'WELCOME' });
  await entry('refund', 3, 'retry', '2026-12-01T14:59:00Z', { status: 'pending' });
  await entry('coupon', 7, 'deactivate', '2026-12-01T15:10:00Z', { active: false });
  for (let i = 1; i <= 55; i++) await entry('user', 100 + i, 'leave', `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T03:00:00Z`, {});
});

const list = (query = '') => c.agents.admin.get(`/api/v1/admin/audit-log${query ? `?${query}` : ''}`);

describe('GET /api/v1/admin/audit-log', () => {
  it('lists every entry newest first, 50 a page, with who, what and the values after', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body.meta).toEqual({ current_page: 1, total_pages: 2, total_count: 58 });
    expect(res.body.entries).toHaveLength(50);
    expect(res.body.entries[0]).toEqual({
      id: expect.any(Number),
      actor: 'operator:alice',
      actor_name: 'alice',
      entity_type: 'coupon',
      entity_id: 7,
      action: 'deactivate',
      before: null,
      after: { active: false },
      created_at: '2026-12-01T15:10:00.000Z',
    });
    const second = await list('page=2');
    expect(second.body.entries).toHaveLength(8);
  });

  it('filters by entity kind and by days (Japan time)', async () => {
    const kinds = async (query: string) => {
      const res = await list(query);
      expect(res.status, query).toBe(200);
      expectDocumented(res);
      return (res.body.entries as { entity_type: string; action: string }[]).map((e) => `${e.entity_type}:${e.action}`);
    };
    expect(await kinds('entity=coupon')).toEqual(['coupon:deactivate', 'coupon:create']);
    expect(await kinds('since=2026-12-01&until=2026-12-01')).toEqual(['refund:retry', 'coupon:create']);
    expect(await kinds('entity=coupon&since=2026-12-02')).toEqual(['coupon:deactivate']);
    expect(await kinds('entity=brand')).toEqual([]);
  });

  it('refuses malformed filters with 422 and a Japanese message', async () => {
    const cases: [string, string, string][] = [
      ['entity=payment', 'entity', '対象の種類が正しくありません'],
      ['since=2026-13-01', 'since', '開始日は YYYY-MM-DD の形式の正しい日付で指定してください'],
      ['since=2026-12-02&until=2026-12-01', 'until', '終了日は開始日以降の日付を指定してください'],
      ['page=-1', 'page', 'ページは1以上の整数で指定してください'],
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
      const res = await c.agents[caller].get('/api/v1/admin/audit-log');
      expect(res.status, caller).toBe(expectedDenial(caller));
      expectDocumented(res);
      expect(res.text).not.toContain('WELCOME');
    }
  });
});
