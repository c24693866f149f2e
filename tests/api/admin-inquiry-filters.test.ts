// The admin inquiry lists' search and filters (keyword over name, e-mail, company and content; 未対応/対応済み;
// subject; a date range in Japan time), the count of matches, and the CLI's list-inquiries answering the same
// filters with the same rules and messages.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { runCli } from '#tests/factories/cli';
import { BrandAndAmbassadorInquiry, ContactInquiry } from '#src/modules/inquiries/inquiries.entity';
import { setupCallers, type Callers } from './admin-helpers';

let t: TestApp;
let c: Callers;

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  const em = t.orm.em.fork();
  const rows: [string, string, string, string, 'franchise' | 'branding' | 'media' | 'other', boolean, string][] = [
    // name, company, e-mail, content, subject, resolved, created (UTC)
    ['山田 花子', '株式会社みなと', 'hanako@minato.example.com', '加盟を検討しています', 'franchise', false, '2026-03-01T03:00:00Z'],
    ['佐藤 一郎', '合同会社さくら', 'ichiro@sakura.example.com', '取材のお願い 100%_対応', 'media', true, '2026-03-10T03:00:00Z'],
    ['鈴木 次郎', '株式会社みなと', 'jiro@minato.example.com', 'ブランド展開について', 'branding', false, '2026-03-31T14:59:00Z'],
    ['田中 三郎', 'たなか商店', 'saburo@tanaka.example.com', 'その他の質問', 'other', false, '2026-03-31T15:00:00Z'],
  ];
  for (const [name, companyName, email, content, subject, resolved, at] of rows) {
    em.create(BrandAndAmbassadorInquiry, { name, companyName, email, content, subject, resolved, createdAt: new Date(at) });
  }
  em.create(ContactInquiry, {
    name: '予約 太郎',
    email: 'taro@example.com',
    content: '予約確認メールが届きません',
    createdAt: new Date('2026-03-02T00:00:00Z'),
  });
  em.create(ContactInquiry, {
    name: '質問 花子',
    email: 'q@example.com',
    content: '駐車場はありますか',
    resolved: true,
    createdAt: new Date('2026-03-03T00:00:00Z'),
  });
  await em.flush();
});

const names = (body: { inquiries: { name: string }[] }) => body.inquiries.map((i) => i.name);
const get = (query: string) => c.agents.admin.get(`/api/v1/brand_and_ambassador_inquiries?${query}`);

describe('GET /api/v1/brand_and_ambassador_inquiries filters', () => {
  it('searches name, e-mail, company and content, case-insensitively, newest first, with the count', async () => {
    const company = await get(`q=${encodeURIComponent('みなと')}`);
    expect(company.status).toBe(200);
    expect(names(company.body)).toEqual(['鈴木 次郎', '山田 花子']);
    expect(company.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 2 });
    expect(names((await get('q=SABURO@TANAKA')).body)).toEqual(['田中 三郎']);
    expect(names((await get(`q=${encodeURIComponent('取材')}`)).body)).toEqual(['佐藤 一郎']);
    expect(names((await get(`q=${encodeURIComponent('花子')}`)).body)).toEqual(['山田 花子']);
    // % and _ are searched for as themselves, not as wildcards.
    expect(names((await get(`q=${encodeURIComponent('100%_')}`)).body)).toEqual(['佐藤 一郎']);
    expect(names((await get(`q=${encodeURIComponent('%')}`)).body)).toEqual(['佐藤 一郎']);
    expect((await get('q=nothing-like-this')).body).toEqual({ inquiries: [], meta: { current_page: 1, total_pages: 1, total_count: 0 } });
  });

  it('combines status, subject and a Japan-time date range (both days included)', async () => {
    expect(names((await get(`resolved=false&q=${encodeURIComponent('みなと')}`)).body)).toEqual(['鈴木 次郎', '山田 花子']);
    expect(names((await get('resolved=true')).body)).toEqual(['佐藤 一郎']);
    expect(names((await get('subject=branding')).body)).toEqual(['鈴木 次郎']);
    // 2026-03-31T14:59Z is March 31 in Japan; 15:00Z is April 1.
    expect(names((await get('since=2026-03-10&until=2026-03-31')).body)).toEqual(['鈴木 次郎', '佐藤 一郎']);
    expect(names((await get('since=2026-04-01')).body)).toEqual(['田中 三郎']);
    // The last day a date may have: the range ends at its next midnight in Japan, after every row.
    expect(names((await get('until=2999-12-31')).body)).toEqual(['田中 三郎', '鈴木 次郎', '佐藤 一郎', '山田 花子']);
  });

  it('refuses malformed filters with 422 and Japanese messages', async () => {
    const order = await get('since=2026-04-01&until=2026-03-01');
    expect(order.status).toBe(422);
    expect(order.body.messages).toEqual({ until: ['終了日は開始日以降の日付を指定してください'] });
    const day = await get('since=2026-02-30');
    expect(day.status).toBe(422);
    expect(day.body.messages).toEqual({ since: ['開始日は YYYY-MM-DD の形式の正しい日付で指定してください'] });
    // A year outside 1900–2999 is refused rather than read back as another year (9999-12-31's next day is year 10000).
    const far = await get('until=9999-12-31');
    expect(far.status).toBe(422);
    expect(far.body.messages).toEqual({ until: ['終了日は YYYY-MM-DD の形式の正しい日付で指定してください'] });
    const long = await get(`q=${'あ'.repeat(101)}`);
    expect(long.status).toBe(422);
    expect(long.body.messages).toEqual({ q: ['キーワードは100文字以内で入力してください'] });
  });
});

describe('GET /api/v1/contact_inquiries filters', () => {
  it('searches the general inquiries by keyword and status', async () => {
    const res = await c.agents.admin.get(`/api/v1/contact_inquiries?q=${encodeURIComponent('メールが届')}`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['予約 太郎']);
    expect(res.body.meta.total_count).toBe(1);
    const resolved = await c.agents.admin.get('/api/v1/contact_inquiries?resolved=true&since=2026-03-03&until=2026-03-03');
    expect(names(resolved.body)).toEqual(['質問 花子']);
  });
});

describe('CLI list-inquiries', { timeout: 120_000 }, () => {
  it('takes the same filters with the same rules', async () => {
    const run = await runCli(t.databaseUrl, ['list-inquiries', '--keyword', 'みなと', '--unresolved', '--since', '2026-03-01', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const parsed = JSON.parse(run.stdout);
    expect(names(parsed)).toEqual(['鈴木 次郎', '山田 花子']);
    expect(parsed.meta.total_count).toBe(2);
    const subject = await runCli(t.databaseUrl, ['list-inquiries', '--subject', 'media', '--json']);
    expect(names(JSON.parse(subject.stdout))).toEqual(['佐藤 一郎']);
    const bad = await runCli(t.databaseUrl, ['list-inquiries', '--since', '2026-04-01', '--until', '2026-03-01']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('終了日は開始日以降の日付を指定してください');
  });
});
