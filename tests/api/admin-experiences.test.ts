// Experience approval in the administrator area (not in the spec): the queue, approval and rejection with the host's
// mails, and the audit trail call.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser } from '#tests/factories/users';
import { createAmbassadorExperience, createExperience } from '#tests/factories/experiences';
import { addAmbassadorMember } from '#tests/factories/communities';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { ExperienceRejection } from '#src/modules/experience-approvals/experience-approvals.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { NON_ADMIN, expectedDenial, send, setupCallers, type Callers, type Method } from './admin-helpers';

let t: TestApp;
let c: Callers;
beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
});

const em = () => t.orm.em.fork();

describe('permissions of the approval and audit calls', () => {
  it('refuses every non-admin caller (401 signed out, 403 otherwise) and changes nothing', async () => {
    const pending = await createExperience(t.orm, { approve: false });
    const calls: [Method, string, unknown?][] = [
      ['get', '/api/v1/admin/experiences'],
      ['post', `/api/v1/admin/experiences/${pending.id}/approval`],
      ['post', `/api/v1/admin/experiences/${pending.id}/rejection`, { reason: '写真を差し替えてください' }],
      ['get', `/api/v1/admin/audit?entity=experience&id=${pending.id}`],
    ];
    for (const caller of NON_ADMIN) {
      for (const [method, url, body] of calls) {
        const res = await send(c.agents[caller], method, url, body);
        expect(res.status, `${caller} ${method} ${url}`).toBe(expectedDenial(caller));
        expect(res.body.messages.base, `${caller} ${method} ${url}`).toHaveLength(1);
      }
    }
    expect((await em().findOneOrFail(Experience, { id: pending.id })).approve).toBe(false);
    expect(await em().count(ExperienceRejection, { experience: pending.id })).toBe(0);
  });
});

describe('the approval queue', () => {
  it('lists requested experiences newest request first with host and submitted date; approving publishes', async () => {
    const host = await createUser(t.orm, { role: 'HOST', name: '陶芸家 山田' });
    const older = await createExperience(t.orm, { hostUserId: host.id, approve: false, title: '古い申請' });
    const newer = await createExperience(t.orm, { hostUserId: host.id, approve: false, title: '新しい申請' });
    const published = await createExperience(t.orm, { hostUserId: host.id, approve: true, title: '公開済み' });
    await em().getConnection().execute(`UPDATE experiences SET updated_at = now() - interval '1 day' WHERE id = ?`, [older.id]);

    const res = await c.agents.admin.get('/api/v1/admin/experiences');
    expect(res.status).toBe(200);
    const listed = res.body.experiences.map((e: { id: number }) => e.id);
    expect(listed.indexOf(newer.id)).toBeLessThan(listed.indexOf(older.id));
    expect(listed).not.toContain(published.id);
    expect(res.body.experiences.find((e: { id: number }) => e.id === newer.id)).toMatchObject({
      title: '新しい申請',
      host_kind: 'user',
      submitted_by: { id: host.id, name: '陶芸家 山田' },
      submitted_at: expect.any(String),
      previous_rejection: null,
    });

    const approved = await c.agents.admin.post(`/api/v1/admin/experiences/${newer.id}/approval`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: newer.id, approve: true, changed: true });
    expect((await em().findOneOrFail(Experience, { id: newer.id })).approve).toBe(true);
    expect((await request(t.app).get(`/api/v1/experiences/${newer.id}`)).status).toBe(200);
    const again = await c.agents.admin.post(`/api/v1/admin/experiences/${newer.id}/approval`);
    expect(again.body.changed).toBe(false);
    const trail = await c.agents.admin.get(`/api/v1/admin/audit?entity=experience&id=${newer.id}`);
    expect(trail.body.entries.map((e: { action: string }) => e.action)).toEqual(['approve']);
  });

  it('approving mails the host that it is published, with its public page and its edit page, once', async () => {
    const host = await createUser(t.orm, { role: 'HOST', name: '藍染 一郎' });
    const experience = await createExperience(t.orm, { hostUserId: host.id, approve: false, title: '川辺の藍染め' });
    expect((await c.agents.admin.post(`/api/v1/admin/experiences/${experience.id}/approval`)).status).toBe(200);
    expect((await c.agents.admin.post(`/api/v1/admin/experiences/${experience.id}/approval`)).body.changed).toBe(false);
    const mails = await em().find(MailOutbox, { toAddress: host.email });
    expect(mails.map((mail) => [mail.dedupeKey, mail.footer, mail.subject])).toEqual([
      [`experience_approval:${experience.id}:0`, 'user', '【たびとこ】体験が公開されました：川辺の藍染め'],
    ]);
    expect(mails[0].textBody).toBe(
      [
        '藍染 一郎 様',
        '',
        '体験「川辺の藍染め」の公開申請を承認し、体験を公開しました。',
        '',
        '公開中の体験のページ:',
        `http://localhost:3000/stories/${experience.id}`,
        '',
        '内容の変更や日程の追加は、次のページから行えます。',
        `http://localhost:3000/host_story/${experience.id}/edit`,
        '',
        'お知らせメールの設定・アカウントの設定: http://localhost:3000/account',
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );
  });

  it("approving an ambassador's experience mails each of its members, as a rejection does", async () => {
    const first = await createUser(t.orm, { role: 'HOST', name: '木工 一子' });
    const second = await createUser(t.orm, { role: 'HOST', name: '木工 二郎' });
    const { experience, ambassador } = await createAmbassadorExperience(t.orm, {
      memberUserId: first.id,
      approve: false,
      title: '工房の木工体験',
    });
    await addAmbassadorMember(t.orm, ambassador.id, second.id);
    expect((await c.agents.admin.post(`/api/v1/admin/experiences/${experience.id}/approval`)).status).toBe(200);
    const mails = await em().find(
      MailOutbox,
      { dedupeKey: { $like: `experience_approval:${experience.id}:%` } },
      { orderBy: { id: 'asc' } },
    );
    expect(mails.map((mail) => [mail.toAddress, mail.subject, mail.textBody.split('\n')[0]])).toEqual([
      [first.email, '【たびとこ】体験が公開されました：工房の木工体験', '木工 一子 様'],
      [second.email, '【たびとこ】体験が公開されました：工房の木工体験', '木工 二郎 様'],
    ]);
  });

  it('rejecting keeps it unpublished, mails the reason to the host and takes it off the queue until the host saves again', async () => {
    const host = await createUser(t.orm, { role: 'HOST', name: '差戻 三郎' });
    const experience = await createExperience(t.orm, { hostUserId: host.id, approve: false, title: '差し戻される体験' });
    const res = await c.agents.admin
      .post(`/api/v1/admin/experiences/${experience.id}/rejection`)
      .send({ reason: '  集合場所を詳しく書いてください  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: experience.id, approve: false, rejection: { reason: '集合場所を詳しく書いてください' } });
    expect((await em().findOneOrFail(Experience, { id: experience.id })).approve).toBe(false);
    const [mail] = await em().find(MailOutbox, { toAddress: host.email });
    expect(mail.subject).toBe('【たびとこ】公開申請が差し戻されました：差し戻される体験');
    expect(mail.textBody).toBe(
      [
        '差戻 三郎 様',
        '',
        '体験「差し戻される体験」の公開申請を確認しましたが、次の理由により差し戻しました。',
        '',
        '集合場所を詳しく書いてください',
        '',
        '内容を修正して保存すると、あらためて公開申請されます。',
        `http://localhost:3000/host_story/${experience.id}/edit`,
        '',
        'お知らせメールの設定・アカウントの設定: http://localhost:3000/account',
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );

    const queue = async () => (await c.agents.admin.get('/api/v1/admin/experiences')).body.experiences.map((e: { id: number }) => e.id);
    expect(await queue()).not.toContain(experience.id);
    const ctx = t.services.context({ kind: 'guest' });
    expect(await t.services.experienceApprovals.currentRejection(ctx, { id: experience.id })).toMatchObject({
      reason: '集合場所を詳しく書いてください',
    });
    // The host's list asks for all its unpublished experiences at once: only the rejected one has a reason.
    const waiting = await createExperience(t.orm, { hostUserId: host.id, approve: false, title: '申請中のまま' });
    const published = await createExperience(t.orm, { hostUserId: host.id, approve: true });
    const listed = [experience.id, waiting.id, published.id, 99_999_999];
    const current = await t.services.experienceApprovals.currentRejections(ctx, { ids: listed });
    expect([...current.keys()]).toEqual([experience.id]);
    expect(current.get(experience.id)?.reason).toBe('集合場所を詳しく書いてください');

    // The host saves the experience again: a new request, back in the queue with the previous reason.
    await em().getConnection().execute(`UPDATE experiences SET updated_at = now() + interval '1 second' WHERE id = ?`, [experience.id]);
    expect(await queue()).toContain(experience.id);
    const queued = async () =>
      (await c.agents.admin.get('/api/v1/admin/experiences')).body.experiences.find((e: { id: number }) => e.id === experience.id);
    expect((await queued()).previous_rejection).toEqual({
      reason: '集合場所を詳しく書いてください',
      rejected_at: res.body.rejection.rejected_at,
    });
    expect(await t.services.experienceApprovals.currentRejection(t.services.context({ kind: 'guest' }), { id: experience.id })).toBeNull();
    expect((await t.services.experienceApprovals.currentRejections(ctx, { ids: listed })).size).toBe(0);

    // Sent back a second time and saved again: the queue shows the latest reason.
    const second = await c.agents.admin
      .post(`/api/v1/admin/experiences/${experience.id}/rejection`)
      .send({ reason: '料金の内訳を書いてください' });
    expect(second.status).toBe(201);
    await em().getConnection().execute(`UPDATE experiences SET updated_at = now() + interval '2 seconds' WHERE id = ?`, [experience.id]);
    expect((await queued()).previous_rejection).toEqual({
      reason: '料金の内訳を書いてください',
      rejected_at: second.body.rejection.rejected_at,
    });
  });

  it('approves only an experience awaiting approval: not one rejected until the host saves it again, nor one whose host left', async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const experience = await createExperience(t.orm, { hostUserId: host.id, approve: false, title: '差し戻し後の体験' });
    const rejected = await c.agents.admin
      .post(`/api/v1/admin/experiences/${experience.id}/rejection`)
      .send({ reason: '写真を差し替えてください' });
    expect(rejected.status).toBe(201);
    const refused = await c.agents.admin.post(`/api/v1/admin/experiences/${experience.id}/approval`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'この体験は差し戻し中のため公開できません。ホストが内容を修正して保存すると、あらためて承認待ちになります',
    );
    expect((await em().findOneOrFail(Experience, { id: experience.id })).approve).toBe(false);
    const mails = async () => (await em().find(MailOutbox, { toAddress: host.email }, { orderBy: { id: 'asc' } })).map((m) => m.subject);
    expect(await mails()).toEqual(['【たびとこ】公開申請が差し戻されました：差し戻し後の体験']);
    const actions = async () =>
      (await em().find(AuditLog, { entityType: 'experience', entityId: experience.id }, { orderBy: { id: 'asc' } })).map((a) => a.action);
    expect(await actions()).toEqual(['reject']);

    // The host saves it again: a new request, which may be approved.
    await em().getConnection().execute(`UPDATE experiences SET updated_at = now() + interval '1 second' WHERE id = ?`, [experience.id]);
    const approved = await c.agents.admin.post(`/api/v1/admin/experiences/${experience.id}/approval`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ approve: true, changed: true });
    expect(await mails()).toEqual([
      '【たびとこ】公開申請が差し戻されました：差し戻し後の体験',
      '【たびとこ】体験が公開されました：差し戻し後の体験',
    ]);
    expect(await actions()).toEqual(['reject', 'approve']);

    // A host who left requests nothing: their withdrawn experience is not published again.
    const leaver = await createUser(t.orm, { role: 'HOST' });
    const withdrawn = await createExperience(t.orm, { hostUserId: leaver.id, approve: false });
    await em().getConnection().execute('UPDATE users SET left_at = now() WHERE id = ?', [leaver.id]);
    const hostLeft = await c.agents.admin.post(`/api/v1/admin/experiences/${withdrawn.id}/approval`);
    expect(hostLeft.status).toBe(409);
    expect(hostLeft.body.message).toBe('この体験のホストは退会しているため公開できません');
    expect((await em().findOneOrFail(Experience, { id: withdrawn.id })).approve).toBe(false);
  });

  it('refuses a missing or over-long reason, a published experience, and unknown or malformed ids', async () => {
    const experience = await createExperience(t.orm, { approve: false });
    const published = await createExperience(t.orm, { approve: true });
    for (const [body, message] of [
      [{}, '差し戻しの理由を入力してください'],
      [{ reason: '   ' }, '差し戻しの理由を入力してください'],
      [{ reason: 'あ'.repeat(1001) }, '差し戻しの理由は1000文字以内で入力してください'],
      [{ reason: 'NUL\u0000' }, 'リクエストの形式が正しくありません'],
    ] as const) {
      const res = await c.agents.admin.post(`/api/v1/admin/experiences/${experience.id}/rejection`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.messages.reason).toEqual([message]);
    }
    const onPublished = await c.agents.admin.post(`/api/v1/admin/experiences/${published.id}/rejection`).send({ reason: '理由' });
    expect(onPublished.status).toBe(422);
    expect(onPublished.body.messages.base).toEqual(['この体験はすでに公開されています']);
    for (const id of ['99999999', 'abc', '0']) {
      const res = await c.agents.admin.post(`/api/v1/admin/experiences/${id}/approval`);
      expect(res.status, id).toBe(404);
      expect(res.body.messages.experience).toBeDefined();
      expect((await c.agents.admin.post(`/api/v1/admin/experiences/${id}/rejection`).send({ reason: '理由' })).status).toBe(404);
    }
    expect(await em().count(ExperienceRejection, { experience: { $in: [experience.id, published.id] } })).toBe(0);
    expect((await c.agents.admin.get('/api/v1/admin/experiences?page=x')).status).toBe(422);
  });
});

describe('GET /api/v1/admin/audit', () => {
  it('refuses an unknown entity type or a malformed id with 422', async () => {
    for (const query of ['entity=payment&id=1', 'entity=brand&id=abc', 'entity=brand', 'id=1']) {
      expect((await c.agents.admin.get(`/api/v1/admin/audit?${query}`)).status, query).toBe(422);
    }
    const empty = await c.agents.admin.get('/api/v1/admin/audit?entity=brand&id=99999999');
    expect(empty.status).toBe(200);
    expect(empty.body.entries).toEqual([]);
  });
});
