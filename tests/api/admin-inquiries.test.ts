// The administrator's inquiry list (admin-and-brand-portal.md §2, §4, §7): pagination, detail, resolved flag.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { BrandAndAmbassadorInquiry } from '#src/modules/inquiries/inquiries.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { NON_ADMIN, expectedDenial, send, setupCallers, type Callers, type Method } from './admin-helpers';

let t: TestApp;
let c: Callers;
const ids: number[] = [];

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  // 45 inquiries, one a minute, the newest last: three pages of 20.
  const em = t.orm.em.fork();
  const start = Date.now() - 60 * 60 * 1000;
  for (let i = 0; i < 45; i++) {
    const inquiry = em.create(BrandAndAmbassadorInquiry, {
      name: `問い合わせ ${i + 1}`,
      companyName: `株式会社${i + 1}`,
      departmentName: i % 2 === 0 ? '営業部' : null,
      positionName: i % 2 === 0 ? '部長' : null,
      email: `inquiry${i + 1}@example.com`,
      subject: (['franchise', 'branding', 'media', 'other'] as const)[i % 4],
      content: '導入について相談したいです。',
      resolved: i < 5,
      createdAt: new Date(start + i * 60_000),
    });
    await em.flush();
    ids.push(inquiry.id);
  }
});

const em = () => t.orm.em.fork();

describe('permissions of the inquiry admin calls', () => {
  it('refuses every non-admin caller (401 signed out, 403 otherwise) and changes nothing', async () => {
    const id = ids[10];
    const calls: [Method, string, unknown?][] = [
      ['get', '/api/v1/brand_and_ambassador_inquiries'],
      ['get', '/api/v1/brand_and_ambassador_inquiries?page=2'],
      ['get', `/api/v1/brand_and_ambassador_inquiries/${id}`],
      ['put', `/api/v1/brand_and_ambassador_inquiries/${id}`, { resolved: true }],
    ];
    for (const caller of NON_ADMIN) {
      for (const [method, url, body] of calls) {
        const res = await send(c.agents[caller], method, url, body);
        expect(res.status, `${caller} ${method} ${url}`).toBe(expectedDenial(caller));
        expect(res.body.messages.base[0], `${caller} ${method} ${url}`).toEqual(expect.any(String));
      }
    }
    expect((await em().findOneOrFail(BrandAndAmbassadorInquiry, { id })).resolved).toBe(false);
  });
});

describe('GET /api/v1/brand_and_ambassador_inquiries', () => {
  it('pages 20 at a time, newest first, with meta.current_page and meta.total_pages', async () => {
    const first = await c.agents.admin.get('/api/v1/brand_and_ambassador_inquiries');
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, total_pages: 3, total_count: 45 });
    expect(first.body.inquiries).toHaveLength(20);
    expect(first.body.inquiries[0]).toEqual({
      id: ids[44],
      name: '問い合わせ 45',
      company_name: '株式会社45',
      department_name: '営業部',
      position_name: '部長',
      email: 'inquiry45@example.com',
      subject: 'franchise',
      content: '導入について相談したいです。',
      resolved: false,
      created_at: expect.any(String),
    });
    const third = await c.agents.admin.get('/api/v1/brand_and_ambassador_inquiries?page=3');
    expect(third.body.inquiries.map((i: { id: number }) => i.id)).toEqual(ids.slice(0, 5).reverse());
    expect(third.body.meta.current_page).toBe(3);
    // Past the end: the last page, and current_page says which.
    const beyond = await c.agents.admin.get('/api/v1/brand_and_ambassador_inquiries?page=9');
    expect(beyond.body.inquiries).toEqual(third.body.inquiries);
    expect(beyond.body.meta).toEqual(third.body.meta);
  });

  it('filters by resolved and subject (the CLI), and refuses malformed filters and pages with 422', async () => {
    const resolved = await c.agents.admin.get('/api/v1/brand_and_ambassador_inquiries?resolved=true');
    expect(resolved.body.meta.total_count).toBeGreaterThanOrEqual(5);
    expect(resolved.body.inquiries.every((i: { resolved: boolean }) => i.resolved)).toBe(true);
    const media = await c.agents.admin.get('/api/v1/brand_and_ambassador_inquiries?subject=media');
    expect(media.body.inquiries.every((i: { subject: string }) => i.subject === 'media')).toBe(true);
    for (const query of ['page=0', 'page=abc', 'page=-1', 'resolved=maybe', 'subject=spam']) {
      const res = await c.agents.admin.get(`/api/v1/brand_and_ambassador_inquiries?${query}`);
      expect(res.status, query).toBe(422);
    }
  });
});

describe('GET and PUT /api/v1/brand_and_ambassador_inquiries/{id}', () => {
  it('shows one inquiry, marks it handled and back, each change audited', async () => {
    const id = ids[30];
    const one = await c.agents.admin.get(`/api/v1/brand_and_ambassador_inquiries/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, department_name: '営業部', resolved: false });
    const handled = await c.agents.admin.put(`/api/v1/brand_and_ambassador_inquiries/${id}`).send({ resolved: true });
    expect(handled.status).toBe(200);
    expect(handled.body.resolved).toBe(true);
    expect((await em().findOneOrFail(BrandAndAmbassadorInquiry, { id })).resolved).toBe(true);
    const back = await c.agents.admin.put(`/api/v1/brand_and_ambassador_inquiries/${id}`).send({ resolved: false });
    expect(back.body.resolved).toBe(false);
    const trail = await c.agents.admin.get(`/api/v1/admin/audit?entity=inquiry&id=${id}`);
    expect(trail.body.entries.map((e: { action: string }) => e.action)).toEqual(['unresolve', 'resolve']);
  });

  it('refuses a malformed body with 422 and unknown or malformed ids with 404, changing nothing', async () => {
    const id = ids[31];
    for (const body of [{}, { resolved: 'true' }, { resolved: 1 }, { resolved: null }]) {
      const res = await c.agents.admin.put(`/api/v1/brand_and_ambassador_inquiries/${id}`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.messages.resolved).toEqual(['対応状況を選択してください']);
    }
    const broken = await c.agents.admin
      .put(`/api/v1/brand_and_ambassador_inquiries/${id}`)
      .set('Content-Type', 'application/json')
      .send('{');
    expect(broken.status).toBe(422);
    expect((await em().findOneOrFail(BrandAndAmbassadorInquiry, { id })).resolved).toBe(false);
    for (const bad of ['99999999', 'abc', '0']) {
      const get = await c.agents.admin.get(`/api/v1/brand_and_ambassador_inquiries/${bad}`);
      expect(get.status, bad).toBe(404);
      expect(get.body.messages.inquiry).toEqual(['お問い合わせが見つかりませんでした']);
      expect((await c.agents.admin.put(`/api/v1/brand_and_ambassador_inquiries/${bad}`).send({ resolved: true })).status).toBe(404);
    }
    expect(await em().count(AuditLog, { entityType: 'inquiry', entityId: id })).toBe(0);
  });

  it('the CLI resolves through the same service as the operator', async () => {
    const ctx = t.services.context({ kind: 'operator', name: 'office' });
    const result = await t.services.inquiries.setResolved(ctx, { id: ids[32], resolved: true });
    expect(result.resolved).toBe(true);
    const [entry] = await em().find(AuditLog, { entityType: 'inquiry', entityId: ids[32] });
    expect(entry.actor).toBe('operator:office');
  });
});
