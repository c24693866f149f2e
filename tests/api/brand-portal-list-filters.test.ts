// The brand portal's list filters: applications by applicant name, community (the brand's own only), 対応済み/未対応
// and applied days (Japan time), and a community's experiences by title and host ambassador; the count follows the
// filters, page links keep them, bad values are 422 with a Japanese message.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createCommunity } from '#tests/factories/communities';
import { createAmbassadorExperience } from '#tests/factories/experiences';
import { createApplication, type PortalBrand, setupPortalBrand } from './brand-portal-helpers';

let t: TestApp;
let a: PortalBrand;
let b: PortalBrand;
let second: number;
const api = (path: string) => `/brand/api/v1${path}`;

beforeAll(async () => {
  t = await setupTestApp();
  a = await setupPortalBrand(t, 'A');
  b = await setupPortalBrand(t, 'B');
  second = (await createCommunity(t.orm, { name: 'Aの第二の会', brandIds: [a.brandId] })).community.id;
  const em = t.orm.em.fork();
  const at = async (id: number, iso: string, resolved = false) =>
    em.execute('UPDATE community_applications SET created_at = ?, resolved = ? WHERE id = ?', [new Date(iso), resolved, id]);
  // 2026-04-01 00:30 in Japan is 2026-03-31 15:30 UTC: the day filters are Japan time.
  await at(a.applicationId, '2026-03-01T03:00:00Z');
  await at((await createApplication(t, a.communityId, null, '山田 花子')).id, '2026-03-31T15:30:00Z', true);
  await at((await createApplication(t, second, null, '佐藤 一郎')).id, '2026-03-31T14:59:00Z');
  await at((await createApplication(t, second, null, '山田 次郎')).id, '2026-04-02T00:00:00Z');
});

const names = (body: { community_applications: { user_name: string }[] }) => body.community_applications.map((x) => x.user_name);
const list = (query: string) => a.agent.get(api(`/community-applications?${query}`));

describe('GET /brand/api/v1/community-applications filters', () => {
  it('narrows by name, community, 対応済み and Japan-time days, with the count and the brand’s communities', async () => {
    const all = await list('');
    expect(names(all.body)).toEqual(['山田 次郎', '山田 花子', '佐藤 一郎', 'A 申込者']);
    expect(all.body.communities).toEqual([
      { id: second, name: 'Aの第二の会' },
      { id: a.communityId, name: 'Aのコミュニティ' },
    ]);
    const yamada = await list(`q=${encodeURIComponent('山田')}`);
    expect(names(yamada.body)).toEqual(['山田 次郎', '山田 花子']);
    expect(yamada.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 2 });
    expect(names((await list(`community_id=${second}`)).body)).toEqual(['山田 次郎', '佐藤 一郎']);
    expect(names((await list('handled=true')).body)).toEqual(['山田 花子']);
    expect(names((await list('handled=false')).body)).toEqual(['山田 次郎', '佐藤 一郎', 'A 申込者']);
    expect(names((await list('since=2026-04-01&until=2026-04-01')).body)).toEqual(['山田 花子']);
    expect(names((await list('until=2026-03-31')).body)).toEqual(['佐藤 一郎', 'A 申込者']);
    expect(names((await list(`community_id=${second}&q=${encodeURIComponent('山田')}&since=2026-04-02`)).body)).toEqual(['山田 次郎']);
    // The other brand's applications never show.
    expect(names((await b.agent.get(api(`/community-applications?q=${encodeURIComponent('山田')}`))).body)).toEqual([]);
  });

  it('refuses another brand’s community (404) and malformed values (422, Japanese)', async () => {
    const foreign = await list(`community_id=${b.communityId}`);
    expect(foreign.status).toBe(404);
    const cases: [string, string, string][] = [
      ['handled=maybe', 'handled', '絞り込み条件が正しくありません'],
      ['community_id=abc', 'community_id', '絞り込み条件が正しくありません'],
      ['since=2026-02-30', 'since', '開始日は YYYY-MM-DD の形式の正しい日付で指定してください'],
      ['since=2026-04-02&until=2026-04-01', 'until', '終了日は開始日以降の日付を指定してください'],
      [`q=${'a'.repeat(101)}`, 'q', 'キーワードは100文字以内で入力してください'],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(422);
      expect(res.body.messages[field], query).toEqual([message]);
    }
  });
});

describe('GET /brand/api/v1/communities/{id}/experiences filters', () => {
  it('narrows by host ambassador and title, and lists the hosting ambassadors', async () => {
    const { experience: hosted, ambassador: host } = await createAmbassadorExperience(t.orm, { title: '陶芸の一日' });
    const em = t.orm.em.fork();
    await em.execute('UPDATE experiences SET community_id = ? WHERE id = ?', [a.communityId, hosted.id]);
    const titles = async (query: string) =>
      (
        (await a.agent.get(api(`/communities/${a.communityId}/experiences?${query}`))).body.experiences as { experience_name: string }[]
      ).map((x) => x.experience_name);
    expect(await titles('')).toEqual(expect.arrayContaining(['Aの体験', '陶芸の一日']));
    expect(await titles(`ambassador_id=${host.id}`)).toEqual(['陶芸の一日']);
    expect(await titles(`q=${encodeURIComponent('体験')}`)).toEqual(['Aの体験']);
    expect(await titles(`ambassador_id=${host.id}&q=${encodeURIComponent('体験')}`)).toEqual([]);
    const all = await a.agent.get(api(`/communities/${a.communityId}/experiences`));
    expect(all.body.ambassadors).toContainEqual({ id: host.id, name: host.name });
    const bad = await a.agent.get(api(`/communities/${a.communityId}/experiences?ambassador_id=x`));
    expect(bad.status).toBe(422);
    expect(bad.body.messages.ambassador_id).toEqual(['絞り込み条件が正しくありません']);
  });
});
