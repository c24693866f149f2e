// The admin lists' paging read (src/lib/list-sql.ts pageOfIds: the page and its bounded count in one ordered scan):
// a deep page of a filtered list, the last page of a capped count, a page past the last (answered as the last), and a
// two-character keyword found through the communities' bigram table, which follows a community's edits.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { insertManyInquiries } from '#tests/factories/inquiries';
import { createCommunity } from '#tests/factories/communities';
import { setupCallers, type Callers } from './admin-helpers';
import { communityForm } from './brand-portal-helpers';
import { storeTestImages } from '#tests/factories/experience-payloads';

let t: TestApp;
let c: Callers;

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  await storeTestImages(t.orm);
  // Inquiry i: '山田 花子' || i, created i minutes ago (so i = 1 is the newest), subject media when i % 4 = 2,
  // resolved when i % 3 = 0. Unresolved media inquiries are the i with i % 12 in {2, 10}: 1,675 of them.
  await insertManyInquiries(t.orm, 10_050);
  // Every community's host is the factory's 里山クラフト協会.
  for (const name of ['陶芸の会', '木工の会', '土と陶芸サークル', '陶の器', 'AB工房', '100%の会']) await createCommunity(t.orm, { name });
}, 60_000);

const inquiries = (query: string) => c.agents.admin.get(`/api/v1/brand_and_ambassador_inquiries?${query}`);
const names = (body: { inquiries: { name: string }[] }) => body.inquiries.map((i) => i.name);

describe('GET /api/v1/brand_and_ambassador_inquiries paging', () => {
  it('answers a deep page of a filtered list with its rows in order and the exact count', async () => {
    const res = await inquiries('resolved=false&subject=media&page=50');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ current_page: 50, total_pages: 84, total_count: 1675 });
    // Rows 981 to 1,000 of the filter: i = 5882, 5890, 5894, 5902, … 5998.
    expect(res.body.inquiries).toHaveLength(20);
    expect(names(res.body).slice(0, 4)).toEqual(['山田 花子5882', '山田 花子5890', '山田 花子5894', '山田 花子5902']);
    expect(names(res.body).at(-1)).toBe('山田 花子5998');
    expect(res.body.inquiries.every((i: { subject: string; resolved: boolean }) => i.subject === 'media' && !i.resolved)).toBe(true);
  });

  it('answers a page past the last one with the last page', async () => {
    const res = await inquiries('resolved=false&subject=media&page=99');
    expect(res.body.meta).toEqual({ current_page: 84, total_pages: 84, total_count: 1675 });
    expect(res.body.inquiries).toHaveLength(15);
    expect(names(res.body)[0]).toBe('山田 花子9962');
    expect(names(res.body).at(-1)).toBe('山田 花子10046');
  });

  it('stops counting at 10,000 and still reaches the last page of those', async () => {
    const first = await inquiries('');
    expect(first.body.meta).toEqual({ current_page: 1, total_pages: 500, total_count: 10_000, total_count_capped: true });
    expect(names(first.body).slice(0, 2)).toEqual(['山田 花子1', '山田 花子2']);
    const last = await inquiries('page=500');
    expect(last.body.meta).toEqual({ current_page: 500, total_pages: 500, total_count: 10_000, total_count_capped: true });
    expect(names(last.body)[0]).toBe('山田 花子9981');
    expect(names(last.body).at(-1)).toBe('山田 花子10000');
    const past = await inquiries('page=600');
    expect(past.body.meta.current_page).toBe(500);
    expect(names(past.body)[0]).toBe('山田 花子9981');
  });
});

describe('GET /api/v1/admin/communities keywords of one and two characters', () => {
  const communities = async (q: string) =>
    (await c.agents.admin.get(`/api/v1/admin/communities?q=${encodeURIComponent(q)}`)).body.communities.map(
      (row: { name: string }) => row.name,
    );

  it('finds the same communities as a substring would', async () => {
    expect(await communities('陶芸')).toEqual(['土と陶芸サークル', '陶芸の会']);
    expect(await communities('陶')).toEqual(['陶の器', '土と陶芸サークル', '陶芸の会']);
    expect(await communities('ab')).toEqual(['AB工房']);
    expect(await communities('AB')).toEqual(['AB工房']);
    expect(await communities('芸サ')).toEqual(['土と陶芸サークル']);
    expect(await communities('芸の会')).toEqual(['陶芸の会']);
    expect(await communities('陶磁')).toEqual([]);
  });

  it('reads a two-character keyword literally and in the host name too', async () => {
    expect(await communities('%の')).toEqual(['100%の会']);
    expect(await communities('0%')).toEqual(['100%の会']);
    expect(await communities('_の')).toEqual([]);
    expect(await communities('\\の')).toEqual([]);
    expect(await communities('協会')).toEqual(['100%の会', 'AB工房', '陶の器', '土と陶芸サークル', '木工の会', '陶芸の会']);
    // The name and the host are one text with a space between them: no keyword runs across it.
    expect(await communities('会里')).toEqual([]);
  });
});

describe('GET /api/v1/admin/communities a two-character keyword after an edit', () => {
  const form = (name: string, host_name: string, published: boolean) =>
    communityForm({ name, host_name, published, application_items: [] });
  const found = async (query: string) => {
    const res = await c.agents.admin.get(`/api/v1/admin/communities?${query}`);
    expect(res.status).toBe(200);
    return { names: res.body.communities.map((row: { name: string }) => row.name), total: res.body.meta.total_count };
  };

  it('finds a community by its new name and host, no longer by the old ones, alone and with the 公開状態 filter', async () => {
    const created = await c.agents.admin.post('/api/v1/admin/communities').send(form('海辺の清掃部', '湘南クリーン協会', false));
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(await found(`q=${encodeURIComponent('清掃')}`)).toEqual({ names: ['海辺の清掃部'], total: 1 });
    expect(await found(`q=${encodeURIComponent('湘南')}&published=false`)).toEqual({ names: ['海辺の清掃部'], total: 1 });
    expect(await found(`q=${encodeURIComponent('湘南')}&published=true`)).toEqual({ names: [], total: 0 });

    const edited = await c.agents.admin.patch(`/api/v1/admin/communities/${id}`).send(form('山の植樹部', '丹沢グリーン', true));
    expect(edited.status).toBe(200);
    expect(await found(`q=${encodeURIComponent('清掃')}`)).toEqual({ names: [], total: 0 });
    expect(await found(`q=${encodeURIComponent('湘南')}`)).toEqual({ names: [], total: 0 });
    expect(await found(`q=${encodeURIComponent('植樹')}`)).toEqual({ names: ['山の植樹部'], total: 1 });
    expect(await found(`q=${encodeURIComponent('丹沢')}&published=true`)).toEqual({ names: ['山の植樹部'], total: 1 });
    expect(await found(`q=${encodeURIComponent('丹沢')}&brand_id=none`)).toEqual({ names: ['山の植樹部'], total: 1 });
    // Newest first, as without a keyword: the new community is before the six of the setup.
    expect((await found(`q=${encodeURIComponent('の')}`)).names[0]).toBe('山の植樹部');
    expect((await found(`q=${encodeURIComponent('の会')}`)).names).toEqual(['100%の会', '木工の会', '陶芸の会']);
  });
});
