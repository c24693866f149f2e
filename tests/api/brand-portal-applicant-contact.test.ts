// How a brand reaches an applicant: the portal's application detail gives the applicant's account address as it is
// now (an address changed after applying is the new one), the list does not, an account that left gives none, and a
// member of another brand gets exactly the answer of an unknown id.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { expectDocumented } from '#tests/api/openapi-contract';
import { createSignedInUser, TEST_PASSWORD } from '#tests/factories/users';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { setupPortalBrand, type PortalBrand } from './brand-portal-helpers';

let t: TestApp;
let a: PortalBrand;
let b: PortalBrand;
beforeAll(async () => {
  t = await setupTestApp();
  [a, b] = [await setupPortalBrand(t, 'A'), await setupPortalBrand(t, 'B')];
});

const em = () => t.orm.em.fork();
const api = (path: string) => `/brand/api/v1${path}`;

/** A new account applies to brand A's community through the form's call. */
async function applyAs(email: string, name: string) {
  const { user, agent } = await createSignedInUser(t, { name, email });
  const res = await agent.post('/api/v1/community_applications').send({
    community_id: a.communityId,
    occupation_id: 1,
    full_name: name,
    gender: 'female',
    postal_code: '2510035',
    address: '',
    birthday: '1990-04-15',
    answers: [{ community_application_question_id: a.questionId, content: '海が好きだからです' }],
  });
  expect(res.status).toBe(201);
  return { user, agent, applicationId: res.body.id as number };
}

const detailOf = (agent: request.Agent, id: number) => agent.get(api(`/community-applications/${id}`));

describe("the applicant's address in the portal", () => {
  it("gives the account's address in the detail (and after saving 対応済み), never in the list", async () => {
    const { applicationId } = await applyAs('contact-hanako@example.com', '連絡 花子');
    const detail = await detailOf(a.agent, applicationId);
    expect(detail.status).toBe(200);
    expectDocumented(detail);
    expect(detail.body).toMatchObject({
      id: applicationId,
      community_id: a.communityId,
      community_name: 'Aのコミュニティ',
      user_name: '連絡 花子',
      occupation: '会社員',
      user_email: 'contact-hanako@example.com',
      user_left: false,
      handled: false,
      answers: [{ question: '参加の動機', answer: '海が好きだからです' }],
    });

    const saved = await a.agent.put(api(`/community-applications/${applicationId}`)).send({ handled: true });
    expect(saved.status).toBe(200);
    expectDocumented(saved);
    expect(saved.body).toMatchObject({ handled: true, user_email: 'contact-hanako@example.com', user_left: false });

    const list = await a.agent.get(api('/community-applications'));
    expect(list.status).toBe(200);
    const row = list.body.community_applications.find((x: { id: number }) => x.id === applicationId);
    expect(row).toEqual({
      id: applicationId,
      community_id: a.communityId,
      community_name: 'Aのコミュニティ',
      user_name: '連絡 花子',
      applied_at: expect.any(String),
      handled: true,
    });
    expect(list.text).not.toContain('contact-hanako@example.com');
  });

  it('gives the address the account has now: a confirmed change replaces it, a pending one does not', async () => {
    const { agent, applicationId } = await applyAs('before-change@example.com', '変更 花子');
    const asked = await agent.post('/api/v1/account/email').send({ email: 'after-change@example.com', current_password: TEST_PASSWORD });
    expect(asked.status).toBe(202);
    // Not confirmed yet: the address that still signs in.
    expect((await detailOf(a.agent, applicationId)).body.user_email).toBe('before-change@example.com');

    const mail = await em().findOneOrFail(MailOutbox, { toAddress: 'after-change@example.com' });
    const token = mail.textBody.match(/\/email_change\/confirm\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const confirmed = await request(t.app).post('/api/v1/email_changes/confirm').send({ token });
    expect(confirmed.status).toBe(200);

    const detail = await detailOf(a.agent, applicationId);
    expect(detail.status).toBe(200);
    expectDocumented(detail);
    expect(detail.body).toMatchObject({ user_email: 'after-change@example.com', user_left: false });
    expect(detail.text).not.toContain('before-change@example.com');
  });

  it('gives no address of an account that left: leaving takes the application with it, like an unknown id', async () => {
    const { agent, applicationId } = await applyAs('leaving-hanako@example.com', '退会 花子');
    expect((await detailOf(a.agent, applicationId)).body.user_email).toBe('leaving-hanako@example.com');
    const left = await agent.post('/api/v1/account/leave').send({ password: TEST_PASSWORD });
    expect(left.status).toBe(200);

    const unknown = await detailOf(a.agent, 999999999);
    const gone = await detailOf(a.agent, applicationId);
    expect(gone.status).toBe(404);
    expectDocumented(gone);
    expect(gone.body).toEqual(unknown.body);
    expect(gone.body).toEqual({
      status: 404,
      message: 'コミュニティへの申し込みが見つかりませんでした',
      messages: { community_application: ['コミュニティへの申し込みが見つかりませんでした'] },
    });
    const list = await a.agent.get(api('/community-applications'));
    expect(list.body.community_applications.map((x: { id: number }) => x.id)).not.toContain(applicationId);
    expect(list.text).not.toContain('leaving-hanako@example.com');
  });

  it('says the applicant left, with no address, for an application kept after its account left', async () => {
    // Leaving deletes applications in its own transaction, so this row is made by hand: the user row as leaving
    // leaves it (退会したユーザー, the placeholder address, left_at), the application still there.
    const { user, applicationId } = await applyAs('kept-hanako@example.com', '残存 花子');
    await em().execute(`UPDATE users SET name = '退会したユーザー', email = ?, left_at = now() WHERE id = ?`, [`left:${user.id}`, user.id]);

    const detail = await detailOf(a.agent, applicationId);
    expect(detail.status).toBe(200);
    expectDocumented(detail);
    expect(detail.body).toMatchObject({ id: applicationId, user_email: null, user_left: true });
    expect(detail.text).not.toContain(`left:${user.id}`);
    expect(detail.text).not.toContain('kept-hanako@example.com');
  });

  it('answers a member of another brand exactly as for an unknown id, with no address, and changes nothing', async () => {
    const { applicationId } = await applyAs('other-brand@example.com', '他社 花子');
    const unknown = await detailOf(b.agent, 999999999);
    expect(unknown.status).toBe(404);
    for (const res of [
      await detailOf(b.agent, applicationId),
      await b.agent.put(api(`/community-applications/${applicationId}`)).send({ handled: true }),
    ]) {
      expect(res.status).toBe(404);
      expectDocumented(res);
      expect(res.body).toEqual(unknown.body);
      expect(res.text).not.toContain('other-brand@example.com');
    }
    expect((await detailOf(a.agent, applicationId)).body).toMatchObject({ handled: false, user_email: 'other-brand@example.com' });
  });
});
