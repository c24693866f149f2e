// The admin and brand portal lists' keyword as an operator types it (docs/decisions/admin-lists.md): a space, half- or
// full-width, does not count (佐藤ゆうき finds 佐藤 ゆうき and 佐藤　ゆうき); full-width letters and digits are the
// half-width ones; katakana is hiragana; a keyword never runs across two of a row's fields; `%` and `_` are themselves.
// Every list answers through its API, the communities' two-character keywords through their bigram table; the admin's
// user search (GET /api/v1/users: the pickers and the host search) alike.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createAmbassador, createBrand, createCommunity } from '#tests/factories/communities';
import { createExperience } from '#tests/factories/experiences';
import { createCoupon } from '#tests/factories/coupons';
import { createUser } from '#tests/factories/users';
import { runCli } from '#tests/factories/cli';
import { BrandAndAmbassadorInquiry, ContactInquiry } from '#src/modules/inquiries/inquiries.entity';
import { Community } from '#src/modules/communities/communities.entity';
import { setupCallers, type Callers } from './admin-helpers';
import { createApplication, type PortalBrand, setupPortalBrand } from './brand-portal-helpers';

let t: TestApp;
let c: Callers;
let portal: PortalBrand;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  const em = t.orm.em.fork();
  // name (a half- or a full-width space inside), e-mail, company, content: in the keyword text in that order.
  em.create(BrandAndAmbassadorInquiry, {
    name: '佐藤 ゆうき',
    email: 'yuki@example.com',
    companyName: 'ＡＢＣ商事',
    content: 'みなとの件です',
    subject: 'franchise',
    createdAt: new Date('2026-03-01T00:00:00Z'),
  });
  em.create(BrandAndAmbassadorInquiry, {
    name: '鈴木　はるか',
    email: 'haruka@example.com',
    companyName: 'xyz工房',
    content: '割引は100%_までですか',
    subject: 'other',
    createdAt: new Date('2026-03-02T00:00:00Z'),
  });
  em.create(ContactInquiry, { name: '予約　太郎', email: 'taro@example.com', content: 'ヨヤクの確認です' });
  await em.flush();

  ids.sakura = (await createCommunity(t.orm, { name: 'さくら 染め工房' })).community.id;
  ids.tea = (await createCommunity(t.orm, { name: 'Tea　Ceremony', published: false })).community.id;
  ids.sale = (await createCommunity(t.orm, { name: 'セール100%_の会' })).community.id;

  const host = await createUser(t.orm, { role: 'HOST', name: '山本　さくら' });
  await createExperience(t.orm, { title: 'ＹＯＧＡ と 瞑想', approve: false, hostUserId: host.id });
  await createExperience(t.orm, { title: '早割20%_体験', approve: false });

  await createCoupon(t.orm, { code: 'SUMMER_10', name: '夏の セール' });
  await createCoupon(t.orm, { code: 'SUMMERX10', name: '夏の特別' });
  await createCoupon(t.orm, { code: 'AUTUMN10', name: 'アキ　キャンペーン 10%' });

  await createBrand(t.orm, { name: '青葉 みそ' });
  await createBrand(t.orm, { name: 'ワケあり100%' });
  await createAmbassador(t.orm, { name: 'ＫＯＭＯＲＥＢＩ　料理教室' });

  portal = await setupPortalBrand(t, 'A');
  await createApplication(t, portal.communityId, null, '高橋　ゆうこ');
  await createApplication(t, portal.communityId, null, '田中 ケンタ');
  await createApplication(t, portal.communityId, null, 'Anna Smith');
});

const q = (keyword: string) => `q=${encodeURIComponent(keyword)}`;
const admin = (path: string) => c.agents.admin.get(path);

describe('the inquiry lists', () => {
  const names = async (keyword: string) =>
    ((await admin(`/api/v1/brand_and_ambassador_inquiries?${q(keyword)}`)).body.inquiries as { name: string }[]).map((i) => i.name);

  it('find a name with or without its space, either kind, in full-width letters or katakana', async () => {
    expect(await names('佐藤ゆうき')).toEqual(['佐藤 ゆうき']);
    expect(await names('佐藤　ゆうき')).toEqual(['佐藤 ゆうき']);
    expect(await names('鈴木はるか')).toEqual(['鈴木　はるか']);
    expect(await names('鈴木 はるか')).toEqual(['鈴木　はるか']);
    expect(await names('abc商事')).toEqual(['佐藤 ゆうき']);
    expect(await names('ＸＹＺ')).toEqual(['鈴木　はるか']);
    expect(await names('ユウキ')).toEqual(['佐藤 ゆうき']);
    expect(await names('ミナト')).toEqual(['佐藤 ゆうき']);
  });

  it('never match across two fields, and take % and _ as themselves', async () => {
    // The name ends in ゆうき and the e-mail starts with yuki; the company ends in 商事 and the content starts with みなと.
    expect(await names('ゆうきyuki')).toEqual([]);
    expect(await names('ゆうき yuki')).toEqual([]);
    expect(await names('商事みなと')).toEqual([]);
    expect(await names('%')).toEqual(['鈴木　はるか']);
    expect(await names('_')).toEqual(['鈴木　はるか']);
    expect(await names('１００％＿')).toEqual(['鈴木　はるか']);
    expect(await names('1%0')).toEqual([]);
  });

  it('the general inquiries alike, and the CLI’s list-inquiries', { timeout: 120_000 }, async () => {
    const contact = async (keyword: string) =>
      ((await admin(`/api/v1/contact_inquiries?${q(keyword)}`)).body.inquiries as { name: string }[]).map((i) => i.name);
    expect(await contact('予約太郎')).toEqual(['予約　太郎']);
    expect(await contact('よやくの確認')).toEqual(['予約　太郎']);
    expect(await contact('太郎taro')).toEqual([]);
    const run = await runCli(t.databaseUrl, ['list-inquiries', '--keyword', '佐藤　ユウキ', '--json']);
    expect(run.stderr).toBe('');
    expect((JSON.parse(run.stdout).inquiries as { name: string }[]).map((i) => i.name)).toEqual(['佐藤 ゆうき']);
  });
});

describe('the admin communities list', () => {
  const found = async (keyword: string, filters = '') =>
    ((await admin(`/api/v1/admin/communities?${q(keyword)}${filters}`)).body.communities as { id: number }[]).map((x) => x.id);

  it('finds three characters and more with or without spaces, in full-width letters or katakana', async () => {
    expect(await found('さくら染め')).toEqual([ids.sakura]);
    expect(await found('さくら　染め')).toEqual([ids.sakura]);
    expect(await found('サクラ染め工房')).toEqual([ids.sakura]);
    expect(await found('ＴＥＡＣＥＲ')).toEqual([ids.tea]);
    expect(await found('tea ceremony', '&published=false')).toEqual([ids.tea]);
    // The host name (里山クラフト協会) in hiragana, and not across the name's end (工房) and the host's start (里山).
    expect(await found('くらふと協会', '&published=true')).toEqual([portal.communityId, ids.sale, ids.sakura]);
    expect(await found('工房里山')).toEqual([]);
    expect(await found('100%_')).toEqual([ids.sale]);
    expect(await found('%')).toEqual([ids.sale]);
    expect(await found('_')).toEqual([ids.sale]);
    expect(await found('1_0')).toEqual([]);
  });

  it('finds a two-character keyword (its bigram table) the same way', async () => {
    // ら染 spans the space between さくら and 染め; サク is さく; ＴＥ is te.
    expect(await found('ら染')).toEqual([ids.sakura]);
    expect(await found('ら　染')).toEqual([ids.sakura]);
    expect(await found('サク')).toEqual([ids.sakura]);
    expect(await found('ＴＥ')).toEqual([ids.tea]);
    expect(await found('Tea', '&published=false')).toEqual([ids.tea]);
    expect(await found('房里')).toEqual([]);
    expect(await found('%_')).toEqual([ids.sale]);
    expect(await found('_の')).toEqual([ids.sale]);
    expect(await found('0_')).toEqual([]);
    expect(await found('ら染', '&published=true')).toEqual([ids.sakura]);
  });

  it('follows a renamed community in both forms (the bigram trigger)', async () => {
    const em = t.orm.em.fork();
    const row = await em.findOneOrFail(Community, { id: ids.sakura });
    row.name = 'もみじ　藍染め';
    await em.flush();
    expect(await found('じ藍')).toEqual([ids.sakura]);
    expect(await found('もみじ藍染め')).toEqual([ids.sakura]);
    expect(await found('ら染')).toEqual([]);
  });
});

describe('the approval queue', () => {
  const titles = async (keyword: string) =>
    ((await admin(`/api/v1/admin/experiences?${q(keyword)}`)).body.experiences as { title: string }[]).map((e) => e.title);

  it('finds the title and the host name as typed, never across them, % and _ as themselves', async () => {
    expect(await titles('yogaと瞑想')).toEqual(['ＹＯＧＡ と 瞑想']);
    expect(await titles('Yoga　と')).toEqual(['ＹＯＧＡ と 瞑想']);
    expect(await titles('山本さくら')).toEqual(['ＹＯＧＡ と 瞑想']);
    expect(await titles('山本 さくら')).toEqual(['ＹＯＧＡ と 瞑想']);
    expect(await titles('サクラ')).toEqual(['ＹＯＧＡ と 瞑想']);
    expect(await titles('瞑想山本')).toEqual([]);
    expect(await titles('20%_')).toEqual(['早割20%_体験']);
    expect(await titles('%')).toEqual(['早割20%_体験']);
    expect(await titles('2_%')).toEqual([]);
  });
});

describe('the admin coupons list', () => {
  const codes = async (keyword: string) =>
    ((await admin(`/api/v1/admin/coupons?${q(keyword)}`)).body.coupons as { code: string }[]).map((x) => x.code);

  it('finds the code and the name as typed, never across them, % and _ as themselves', async () => {
    expect(await codes('summer_10')).toEqual(['SUMMER_10']);
    expect(await codes('ｓｕｍｍｅｒ')).toEqual(['SUMMERX10', 'SUMMER_10']);
    expect(await codes('夏のセール')).toEqual(['SUMMER_10']);
    expect(await codes('夏の　セール')).toEqual(['SUMMER_10']);
    expect(await codes('ノセール')).toEqual(['SUMMER_10']);
    expect(await codes('あき　きゃんぺーん')).toEqual(['AUTUMN10']);
    expect(await codes('キャンペーン 10 %')).toEqual(['AUTUMN10']);
    // The code ends in 10 and the name starts with アキ.
    expect(await codes('10アキ')).toEqual([]);
    expect(await codes('%')).toEqual(['AUTUMN10']);
    expect(await codes('_')).toEqual(['SUMMER_10']);
  });
});

describe('the brands and ambassadors lists', () => {
  it('find the name as typed, % and _ as themselves', async () => {
    const brands = async (keyword: string) =>
      ((await admin(`/api/v1/brands?${q(keyword)}`)).body.brands as { name: string }[]).map((x) => x.name);
    const ambassadors = async (keyword: string) =>
      ((await admin(`/api/v1/ambassadors?${q(keyword)}`)).body.ambassadors as { name: string }[]).map((x) => x.name);
    expect(await brands('青葉みそ')).toEqual(['青葉 みそ']);
    expect(await brands('青葉　ミソ')).toEqual(['青葉 みそ']);
    expect(await brands('１００％')).toEqual(['ワケあり100%']);
    expect(await brands('%')).toEqual(['ワケあり100%']);
    expect(await brands('_')).toEqual([]);
    expect(await ambassadors('komorebi料理')).toEqual(['ＫＯＭＯＲＥＢＩ　料理教室']);
    expect(await ambassadors('Komorebi 料理')).toEqual(['ＫＯＭＯＲＥＢＩ　料理教室']);
    expect(await ambassadors('%')).toEqual([]);
  });
});

describe('the brand portal lists', () => {
  const names = async (keyword: string) =>
    (
      (await portal.agent.get(`/brand/api/v1/community-applications?${q(keyword)}`)).body.community_applications as {
        user_name: string;
      }[]
    ).map((x) => x.user_name);

  it('find an applicant’s name as typed, % and _ as themselves', async () => {
    expect(await names('高橋ゆうこ')).toEqual(['高橋　ゆうこ']);
    expect(await names('高橋 ゆうこ')).toEqual(['高橋　ゆうこ']);
    expect(await names('田中けんた')).toEqual(['田中 ケンタ']);
    expect(await names('田中　ケンタ')).toEqual(['田中 ケンタ']);
    expect(await names('高橋 ユウコ')).toEqual(['高橋　ゆうこ']);
    expect(await names('ＡＮＮＡＳＭＩＴＨ')).toEqual(['Anna Smith']);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('find a community’s experience by its title as typed', async () => {
    const titles = async (keyword: string) =>
      (
        (await portal.agent.get(`/brand/api/v1/communities/${portal.communityId}/experiences?${q(keyword)}`)).body.experiences as {
          experience_name: string;
        }[]
      ).map((x) => x.experience_name);
    expect(await titles('ａの体験')).toEqual(['Aの体験']);
    expect(await titles('A の 体験')).toEqual(['Aの体験']);
  });
});

describe('the admin’s user search', () => {
  const found = async (keyword: string) =>
    ((await admin(`/api/v1/users?${q(keyword)}`)).body.users as { id: number }[]).map((user) => user.id);
  const users: Record<string, number> = {};

  beforeAll(async () => {
    users.spaced = (await createUser(t.orm, { name: '小林 ゆうすけ', email: 'kobayashi.y@example.com' })).id;
    users.wide = (await createUser(t.orm, { name: '森田　ＭＡＲＩ', email: 'mori_100%@example.com' })).id;
    users.kana = (await createUser(t.orm, { name: 'ナカムラ ケイ', email: 'nk@example.com' })).id;
  });

  it('finds a name with or without its space, either kind, in full-width letters or katakana', async () => {
    expect(await found('小林ゆうすけ')).toEqual([users.spaced]);
    expect(await found('小林　ゆうすけ')).toEqual([users.spaced]);
    expect(await found('森田mari')).toEqual([users.wide]);
    expect(await found('森田 Mari')).toEqual([users.wide]);
    expect(await found('コバヤシ')).toEqual([]);
    expect(await found('ユウスケ')).toEqual([users.spaced]);
    expect(await found('なかむら　けい')).toEqual([users.kana]);
    expect(await found('ＫＯＢＡＹＡＳＨＩ．Ｙ')).toEqual([users.spaced]);
  });

  it('never matches across the name and the e-mail, takes % and _ as themselves, and an id in any width', async () => {
    // The name ends in ゆうすけ and the e-mail starts with kobayashi; the name ends in ケイ and the e-mail starts with nk.
    expect(await found('ゆうすけkobayashi')).toEqual([]);
    expect(await found('けい nk')).toEqual([]);
    expect(await found('100%')).toEqual([users.wide]);
    expect(await found('i_1')).toEqual([users.wide]);
    expect(await found('１００％')).toEqual([users.wide]);
    expect(await found('1%0')).toEqual([]);
    expect(await found('i%1')).toEqual([]);
    expect(await found(String(users.kana).replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)))).toContain(users.kana);
  });

  it('puts the user whose id was typed first, ahead of 20 users with those digits in their e-mail', async () => {
    const others: number[] = [];
    for (let i = 0; i < 20; i++) others.push((await createUser(t.orm, { email: `digits-${i}@example.com` })).id);
    const target = (await createUser(t.orm, { name: '番号 指定', email: 'by-id@example.com' })).id;
    // The 20 users made before it (lower ids) get its id in their e-mail.
    const em = t.orm.em.fork();
    await em.execute('UPDATE users SET email = ? || id || ? WHERE id = ANY(?::int[])', [
      `n${target}-`,
      '@example.com',
      `{${others.join(',')}}`,
    ]);
    const ids = await found(String(target));
    expect(ids).toHaveLength(20);
    expect(ids[0]).toBe(target);
    expect(ids).not.toContain(others[19]);
  });
});
