// Brands in the administrator area and brand member invitations (admin-and-brand-portal.md §3-§5, §7).
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createBrand, createBrandMember } from '#tests/factories/communities';
import { storeTestImages, testImages } from '#tests/factories/experience-payloads';
import { Brand } from '#src/modules/brands/brands.entity';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { Image } from '#src/modules/images/images.entity';
import { NON_ADMIN, expectedDenial, send, setupCallers, type Callers } from './admin-helpers';

let t: TestApp;
let c: Callers;
beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  await storeTestImages(t.orm);
});

const em = () => t.orm.em.fork();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const validBrand = (overrides: Record<string, unknown> = {}) => ({
  name: '新しいブランド',
  description: '国産の素材でつくる調味料のブランドです。',
  published: false,
  homepage_url: 'https://brand.example.com',
  instagram_username: 'new_brand',
  x_username: 'new_brand',
  images: [testImages[0]],
  ...overrides,
});

describe('permissions of the brand calls', () => {
  it('refuses every non-admin caller (401 signed out, 403 otherwise, messages.base) and changes nothing', async () => {
    const brand = await createBrand(t.orm, { name: '変更されないブランド' });
    const pending = await createBrandMember(t.orm, brand.id, { accepted: false });
    const calls: [Parameters<typeof send>[1], string, unknown?][] = [
      ['post', '/api/v1/brands', validBrand({ name: '作られないブランド' })],
      ['put', `/api/v1/brands/${brand.id}`, validBrand({ name: '書き換え' })],
      ['post', `/api/v1/brands/${brand.id}/members/invitation`, { email: 'denied@example.com' }],
      ['get', `/api/v1/brands/${brand.id}/members`],
      ['delete', `/api/v1/brands/${brand.id}/members/${pending.id}`],
    ];
    const brandsBefore = await em().count(Brand, {});
    const membersBefore = await em().count(BrandMember, {});
    for (const caller of NON_ADMIN) {
      for (const [method, url, body] of calls) {
        const res = await send(c.agents[caller], method, url, body);
        expect(res.status, `${caller} ${method} ${url}`).toBe(expectedDenial(caller));
        expect(res.body.messages.base[0], `${caller} ${method} ${url}`).toEqual(expect.any(String));
      }
    }
    expect(await em().count(Brand, {})).toBe(brandsBefore);
    expect(await em().count(BrandMember, {})).toBe(membersBefore);
    expect((await em().findOneOrFail(Brand, { id: brand.id })).name).toBe('変更されないブランド');
    expect(await em().count(MailOutbox, { toAddress: 'denied@example.com' })).toBe(0);
  });

  it("treats a brand member's portal session as no marketplace session at all, never as an administrator", async () => {
    const res = await c.agents.brandMember.get(`/api/v1/brands/${c.ids.brand}/members`);
    expect(res.status).toBe(401);
    expect(res.body.messages.base).toEqual(['ログインしてください']);
  });
});

describe('GET /api/v1/brands (public, and ADMIN sees unpublished ones)', () => {
  it('lists published brands only to everyone but ADMIN, who also gets unpublished ones with published', async () => {
    const hidden = await createBrand(t.orm, { name: '非公開ブランド', published: false });
    const shown = await createBrand(t.orm, { name: '公開ブランド' });
    for (const caller of NON_ADMIN) {
      const res = await c.agents[caller].get('/api/v1/brands');
      expect(res.status).toBe(200);
      const ids = res.body.brands.map((b: { id: number }) => b.id);
      expect(ids, caller).toContain(shown.id);
      expect(ids, caller).not.toContain(hidden.id);
      expect(res.body.brands[0].published, caller).toBeUndefined();
      expect((await c.agents[caller].get(`/api/v1/brands/${hidden.id}`)).status, caller).toBe(404);
    }
    const res = await c.agents.admin.get('/api/v1/brands');
    const row = res.body.brands.find((b: { id: number }) => b.id === hidden.id);
    expect(row).toMatchObject({ id: hidden.id, name: '非公開ブランド', published: false, member_count: 0 });
    expect(res.body.brands.find((b: { id: number }) => b.id === shown.id).published).toBe(true);
    const one = await c.agents.admin.get(`/api/v1/brands/${hidden.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: hidden.id, published: false });
  });
});

describe('POST /api/v1/brands and PUT /api/v1/brands/{id}', () => {
  it('creates a private brand with its images, then updates it, each change in the audit log', async () => {
    const created = await c.agents.admin.post('/api/v1/brands').send(validBrand());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: '新しいブランド',
      published: false,
      images: [{ ...testImages[0], sort_order: 0 }],
    });
    const id = created.body.id;
    const updated = await c.agents.admin.put(`/api/v1/brands/${id}`).send(
      validBrand({
        name: '改名したブランド',
        published: true,
        images: [testImages[1], testImages[2]],
      }),
    );
    expect(updated.status).toBe(200);
    const stored = await em().findOneOrFail(Brand, { id }, { populate: ['images'] });
    expect(stored).toMatchObject({ name: '改名したブランド', published: true });
    expect(
      stored.images
        .getItems()
        .map((i) => i.url)
        .sort(),
    ).toEqual([testImages[1].url, testImages[2].url].sort());
    const audit = await c.agents.admin.get(`/api/v1/admin/audit?entity=brand&id=${id}`);
    expect(audit.status).toBe(200);
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(audit.body.entries[0]).toMatchObject({
      actor: `user:${c.ids.admin}`,
      before: { name: '新しいブランド', published: false },
      after: { name: '改名したブランド', published: true },
    });
  });

  it("keeps each photo's text (blank is none), shows it in the public JSON and audits a change of it", async () => {
    const created = await c.agents.admin.post('/api/v1/brands').send(
      validBrand({
        published: true,
        images: [
          { ...testImages[0], alt: '  木桶が並ぶ味噌蔵  ' },
          { ...testImages[1], alt: '   ' },
        ],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body.images).toEqual([
      { ...testImages[0], sort_order: 0, alt: '木桶が並ぶ味噌蔵' },
      { ...testImages[1], sort_order: 1, alt: null },
    ]);
    const id = created.body.id;
    const shown = await request(t.app).get(`/api/v1/brands/${id}`);
    expect(shown.body.images.map((i: { alt: string | null }) => i.alt)).toEqual(['木桶が並ぶ味噌蔵', null]);
    const updated = await c.agents.admin
      .put(`/api/v1/brands/${id}`)
      .send(validBrand({ published: true, images: [{ ...testImages[0], alt: '味噌を仕込む職人' }, testImages[1]] }));
    expect(updated.status).toBe(200);
    const stored = await em().find(Image, { brand: id }, { orderBy: { sortOrder: 'asc' } });
    expect(stored.map((i) => [i.url, i.alt])).toEqual([
      [testImages[0].url, '味噌を仕込む職人'],
      [testImages[1].url, null],
    ]);
    const audit = await em().find(AuditLog, { entityType: 'brand', entityId: id, action: 'update' });
    expect(audit).toHaveLength(1);
    expect(audit[0].before?.images).toEqual([
      { url: testImages[0].url, alt: '木桶が並ぶ味噌蔵' },
      { url: testImages[1].url, alt: null },
    ]);
    expect(audit[0].after?.images).toEqual([
      { url: testImages[0].url, alt: '味噌を仕込む職人' },
      { url: testImages[1].url, alt: null },
    ]);
  });

  it('refuses bad input with the spec messages (422) and changes nothing', async () => {
    const brand = await createBrand(t.orm, { name: '元の名前' });
    const imagesBefore = await em().count(Image, { brand: brand.id });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', '名前を入力してください'],
      [{ name: 'あ'.repeat(101) }, 'name', '名前は100文字以内で入力してください'],
      [{ description: 'あ'.repeat(1001) }, 'description', '説明は1000文字以内で入力してください'],
      [{ homepage_url: 'javascript:alert(1)' }, 'homepage_url', '有効なURLを入力してください'],
      [{ instagram_username: 'a'.repeat(31) }, 'instagram_username', 'Instagramのユーザー名は30文字以内で入力してください'],
      [{ x_username: 'a'.repeat(31) }, 'x_username', 'Xのユーザー名は30文字以内で入力してください'],
      [{ published: 'yes' }, 'published', '公開設定を選択してください'],
      [{ name: 'NUL\u0000入り' }, 'name', 'リクエストの形式が正しくありません'],
      [{ images: [1, 2, 3, 4].map((n) => ({ object_key: `k${n}`, url: '/images/demo/soba.jpg' })) }, 'images', '写真は3枚までです'],
      [{ images: [{ object_key: 'x', url: 'javascript:alert(1)' }] }, 'images.0.url', '写真の指定が正しくありません'],
      [{ images: [{ ...testImages[0], alt: 'あ'.repeat(121) }] }, 'images.0.alt', '写真の説明は120文字以内で入力してください'],
      [{ images: [{ ...testImages[0], alt: '一行目\n二行目' }] }, 'images.0.alt', '改行や制御文字は使えません'],
    ];
    const before = await em().count(Brand, {});
    for (const [patch, field, message] of cases) {
      const created = await c.agents.admin.post('/api/v1/brands').send(validBrand(patch));
      expect(created.status, JSON.stringify(patch)).toBe(422);
      expect(created.body.messages[field]?.[0], field).toBe(message);
      const updated = await c.agents.admin.put(`/api/v1/brands/${brand.id}`).send(validBrand(patch));
      expect(updated.status, JSON.stringify(patch)).toBe(422);
    }
    expect(await em().count(Brand, {})).toBe(before);
    expect((await em().findOneOrFail(Brand, { id: brand.id })).name).toBe('元の名前');
    expect(await em().count(Image, { brand: brand.id })).toBe(imagesBefore);
    expect(await em().count(AuditLog, { entityType: 'brand', entityId: brand.id })).toBe(0);
  });

  it('answers 422 for malformed JSON and 404 messages.brand for unknown or malformed ids', async () => {
    const malformed = await c.agents.admin.post('/api/v1/brands').set('Content-Type', 'application/json').send('{"name":');
    expect(malformed.status).toBe(422);
    for (const id of ['424242', 'abc', '-1', '1.5']) {
      const res = await c.agents.admin.put(`/api/v1/brands/${id}`).send(validBrand());
      expect(res.status, id).toBe(404);
      expect(res.body.messages.brand).toEqual(['ブランドが見つかりませんでした']);
      expect((await c.agents.admin.get(`/api/v1/brands/${id}/members`)).status, id).toBe(404);
    }
  });
});

describe('brand member invitations', () => {
  async function mailTo(address: string) {
    const res = await c.agents.admin.get('/api/v1/dev/mails');
    return (res.body.mails as { to: string; subject: string; text: string }[]).filter((m) => m.to === address);
  }

  function tokenOf(text: string): { email: string; token: string } {
    const match = text.match(/\/brand\/invitation\?email=([^&\s]+)&invitation_token=([\w-]+)/);
    if (!match) throw new Error(`no invitation link in: ${text}`);
    return { email: decodeURIComponent(match[1]), token: match[2] };
  }

  it('creates the member (201), stores only the hash of the token and mails a working link', async () => {
    const brand = await createBrand(t.orm, { name: 'みその蔵' });
    const res = await c.agents.admin.post(`/api/v1/brands/${brand.id}/members/invitation`).send({ email: ' New.Member@Example.com ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'new.member@example.com',
      invitation_accepted: false,
      invitation_accepted_at: null,
      brand_id: brand.id,
    });

    const mails = await mailTo('new.member@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('みその蔵');
    const { email, token } = tokenOf(mails[0].text);
    expect(email).toBe('new.member@example.com');
    expect(mails[0].text).toContain('http://localhost:');

    const stored = await em().findOneOrFail(BrandMember, { email: 'new.member@example.com' });
    expect(stored.invitationTokenHash).toBe(sha256(token));
    expect(stored.invitationTokenHash).not.toContain(token);

    // The token works once: the portal's acceptance (service) sets the password and uses it up.
    const ctx = t.services.context({ kind: 'guest' });
    await expect(t.services.brandMembers.checkInvitation(ctx, { email, invitation_token: token })).resolves.toMatchObject({
      id: stored.id,
    });
    const accepted = await t.services.brandMembers.acceptInvitation(t.services.context({ kind: 'guest' }), {
      email,
      invitation_token: token,
      password: 'password123',
    });
    expect(accepted.invitation_accepted).toBe(true);
    const after = await em().findOneOrFail(BrandMember, { id: stored.id });
    expect(after.invitationTokenHash).toBeNull();
    await expect(
      t.services.brandMembers.acceptInvitation(t.services.context({ kind: 'guest' }), {
        email,
        invitation_token: token,
        password: 'password456',
      }),
    ).rejects.toMatchObject({ status: 422 });

    const list = await c.agents.admin.get(`/api/v1/brands/${brand.id}/members`);
    expect(list.status).toBe(200);
    expect(list.body.members).toEqual([
      expect.objectContaining({ id: stored.id, invitation_accepted: true, invitation_accepted_at: expect.any(String) }),
    ]);
  });

  it('renews the invitation for the same address: a new token, the old one stops working, still one member', async () => {
    const brand = await createBrand(t.orm);
    await c.agents.admin.post(`/api/v1/brands/${brand.id}/members/invitation`).send({ email: 'renew@example.com' }).expect(201);
    const first = tokenOf((await mailTo('renew@example.com'))[0].text).token;
    const again = await c.agents.admin.post(`/api/v1/brands/${brand.id}/members/invitation`).send({ email: 'renew@example.com' });
    expect(again.status).toBe(201);
    const mails = await mailTo('renew@example.com');
    expect(mails).toHaveLength(2);
    const second = mails.map((m) => tokenOf(m.text).token).find((tk) => tk !== first);
    expect(second).toBeDefined();
    expect(await em().count(BrandMember, { email: 'renew@example.com' })).toBe(1);
    const stored = await em().findOneOrFail(BrandMember, { email: 'renew@example.com' });
    expect(stored.invitationTokenHash).toBe(sha256(second as string));
    const ctx = () => t.services.context({ kind: 'guest' });
    await expect(
      t.services.brandMembers.checkInvitation(ctx(), { email: 'renew@example.com', invitation_token: first }),
    ).rejects.toMatchObject({
      status: 422,
    });
    await expect(
      t.services.brandMembers.checkInvitation(ctx(), { email: 'renew@example.com', invitation_token: second as string }),
    ).resolves.toBeDefined();
    const audit = await t.services.audit.trail(t.services.context({ kind: 'operator', name: 'test' }), { entity: 'brand', id: brand.id });
    expect(audit.entries.map((e) => e.action)).toEqual(['reinvite', 'invite']);
  });

  it('refuses an expired invitation link', async () => {
    const brand = await createBrand(t.orm);
    await c.agents.admin.post(`/api/v1/brands/${brand.id}/members/invitation`).send({ email: 'late@example.com' }).expect(201);
    const token = tokenOf((await mailTo('late@example.com'))[0].text).token;
    await em()
      .getConnection()
      .execute(`UPDATE brand_members SET invitation_created_at = now() - interval '7 days 1 minute' WHERE email = 'late@example.com'`);
    await expect(
      t.services.brandMembers.checkInvitation(t.services.context({ kind: 'guest' }), {
        email: 'late@example.com',
        invitation_token: token,
      }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('refuses a bad address with the spec messages, an address of another brand, and an accepted member', async () => {
    const brand = await createBrand(t.orm);
    const other = await createBrand(t.orm);
    await createBrandMember(t.orm, other.id, { email: 'taken@example.com', accepted: false });
    await createBrandMember(t.orm, brand.id, { email: 'joined@example.com', accepted: true });
    const before = await em().count(BrandMember, {});
    const mailsBefore = await em().count(MailOutbox, {});
    const cases: [unknown, string][] = [
      [{}, 'この項目は必須です'],
      [{ email: '' }, 'この項目は必須です'],
      [{ email: 'not-an-address' }, 'メールアドレスが正しくありません。正しい形式で入力してください'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'メールアドレスが正しくありません。正しい形式で入力してください'],
      // Addresses a simple pattern lets through but the portal's sign-in refuses: the member could never sign in.
      ...['<script>@x.jp', 'a..b@example.com', '.a@example.com', 'a@-x.com', 'a"b@example.com', 'a@ex_ample.com', '😀@example.com'].map(
        (email): [unknown, string] => [{ email }, 'メールアドレスが正しくありません。正しい形式で入力してください'],
      ),
      [{ email: 'taken@example.com' }, 'このメールアドレスは別のブランドのメンバーとして登録されています'],
      [{ email: 'joined@example.com' }, 'このメールアドレスのメンバーはすでに参加しています'],
      [{ email: ['a@example.com'] }, 'この項目は必須です'],
    ];
    for (const [body, message] of cases) {
      const res = await c.agents.admin.post(`/api/v1/brands/${brand.id}/members/invitation`).send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.messages.email, JSON.stringify(body)).toEqual([message]);
    }
    expect(await em().count(BrandMember, {})).toBe(before);
    expect(await em().count(MailOutbox, {})).toBe(mailsBefore);
    const unknown = await c.agents.admin.post('/api/v1/brands/999999/members/invitation').send({ email: 'x@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.messages.brand).toBeDefined();
  });

  it('deleting a member who has not accepted revokes the invitation; deleting never touches another brand', async () => {
    const brand = await createBrand(t.orm);
    await c.agents.admin.post(`/api/v1/brands/${brand.id}/members/invitation`).send({ email: 'revoke@example.com' }).expect(201);
    const token = tokenOf((await mailTo('revoke@example.com'))[0].text).token;
    const member = await em().findOneOrFail(BrandMember, { email: 'revoke@example.com' });

    const other = await createBrand(t.orm);
    const wrongBrand = await c.agents.admin.delete(`/api/v1/brands/${other.id}/members/${member.id}`);
    expect(wrongBrand.status).toBe(404);
    expect(wrongBrand.body.messages.brand_member).toBeDefined();
    expect(await em().count(BrandMember, { id: member.id })).toBe(1);
    for (const id of ['abc', '0', '99999999']) {
      expect((await c.agents.admin.delete(`/api/v1/brands/${brand.id}/members/${id}`)).status, id).toBe(404);
    }

    const res = await c.agents.admin.delete(`/api/v1/brands/${brand.id}/members/${member.id}`);
    expect(res.status).toBe(204);
    expect(await em().count(BrandMember, { id: member.id })).toBe(0);
    await expect(
      t.services.brandMembers.checkInvitation(t.services.context({ kind: 'guest' }), {
        email: 'revoke@example.com',
        invitation_token: token,
      }),
    ).rejects.toMatchObject({ status: 422 });
    const trail = await c.agents.admin.get(`/api/v1/admin/audit?entity=brand&id=${brand.id}`);
    expect(trail.body.entries[0]).toMatchObject({ action: 'revoke', before: { email: 'revoke@example.com' } });
  });

  it('the operator (CLI) invites through the same service', async () => {
    const brand = await createBrand(t.orm);
    const member = await t.services.brandMembers.invite(t.services.context({ kind: 'operator', name: 'alice' }), {
      brand_id: brand.id,
      email: 'cli@example.com',
    });
    expect(member.email).toBe('cli@example.com');
    const [entry] = await em().find(AuditLog, { entityType: 'brand', entityId: brand.id });
    expect(entry.actor).toBe('operator:alice');
    expect(await mailTo('cli@example.com')).toHaveLength(1);
  });
});

describe('signed-out reads stay open', () => {
  it('GET /api/v1/brands works without a session', async () => {
    expect((await request(t.app).get('/api/v1/brands')).status).toBe(200);
  });
});
