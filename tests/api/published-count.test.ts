// The /stories list without a filter shows the number of published experiences from
// published_experience_count (Migration20261125100000_published_count), kept by statement triggers instead of a
// count(*) over the catalogue on every request. It must stay exact through every way experiences change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createExperience } from '#tests/factories/experiences';
import { expectDocumented } from '#tests/api/openapi-contract';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  for (let i = 0; i < 3; i++) await createExperience(t.orm, { title: `公開 ${i}` });
  await createExperience(t.orm, { title: '非公開', approve: false });
});
afterAll(() => t.close());

const sql = (text: string, params: unknown[] = []) => t.orm.em.getConnection().execute(text, params);

/** The list's count as the API shows it, and the true number. */
async function counts() {
  const res = await request(t.app).get('/api/v1/stories');
  expectDocumented(res);
  const [{ n }] = await sql('SELECT count(*)::int AS n FROM experiences WHERE approve');
  return { shown: res.body.meta.total_count as number, actual: n as number };
}

async function expectExact(expected: number) {
  expect(await counts()).toEqual({ shown: expected, actual: expected });
}

describe('the published count of the plain /stories list', () => {
  it('follows inserts, publication in both directions, several rows at once, deletes and concurrent changes', async () => {
    await expectExact(3);
    const added = await createExperience(t.orm, { title: '追加' });
    await expectExact(4);
    await createExperience(t.orm, { title: '追加の非公開', approve: false });
    await expectExact(4);

    await sql('UPDATE experiences SET approve = false, approved_at = NULL WHERE id = ?', [added.id]);
    await expectExact(3);
    await sql('UPDATE experiences SET approve = true, approved_at = now() WHERE id = ?', [added.id]);
    await expectExact(4);
    // One statement that withdraws the four published and publishes the two others (a statement's delta, not a row's).
    const [{ total }] = await sql('SELECT count(*)::int AS total FROM experiences');
    await sql('UPDATE experiences SET approve = NOT approve, approved_at = CASE WHEN approve THEN NULL ELSE now() END');
    await expectExact(total - 4);
    await sql('UPDATE experiences SET approve = NOT approve, approved_at = CASE WHEN approve THEN NULL ELSE now() END');
    await expectExact(4);
    // An edit that leaves approve alone changes nothing.
    await sql(`UPDATE experiences SET title = title || '!'`);
    await expectExact(4);

    await sql('DELETE FROM experiences WHERE id = ?', [added.id]);
    await expectExact(3);

    // Two transactions publishing at once both count.
    const hidden = (await sql('SELECT id FROM experiences WHERE NOT approve ORDER BY id')) as { id: number }[];
    expect(hidden.length).toBe(2);
    await Promise.all(
      hidden.map(({ id }) =>
        t.orm.em
          .fork()
          .transactional((em) =>
            em
              .getConnection()
              .execute('UPDATE experiences SET approve = true, approved_at = now() WHERE id = ?', [id], 'all', em.getTransactionContext()),
          ),
      ),
    );
    await expectExact(5);
  });

  it('is the count of later pages too', async () => {
    const res = await request(t.app).get('/api/v1/stories?page=2');
    expect(res.status).toBe(200);
    const [{ n }] = await sql('SELECT count(*)::int AS n FROM experiences WHERE approve');
    expect(res.body.meta.total_count).toBe(n);
  });
});
