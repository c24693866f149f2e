// The notices to a user whose membership of an ambassador changes (POST and DELETE
// /api/v1/ambassadors/{id}/members/{user}/association; the CLI's add and remove: tests/api/cli-admin.test.ts): which
// ambassador, the pages it opens, whom to contact; queued with the change, once per membership, never for a refusal.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser } from '#tests/factories/users';
import { createAmbassador } from '#tests/factories/communities';
import { publicBaseUrl } from '#src/lib/env';
import { AmbassadorMember } from '#src/modules/ambassadors/ambassadors.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { setupCallers, type Callers } from './admin-helpers';

let t: TestApp;
let c: Callers;
let base: string;
beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  base = publicBaseUrl(t.env);
});

const em = () => t.orm.em.fork();
const mailsTo = (email: string) => em().find(MailOutbox, { toAddress: email }, { orderBy: { id: 'asc' } });
/** The text as queued: the lines, then the account's line and the signature the outbox puts after them. */
const body = (lines: string[]) => `${lines.join('\n')}\n\n`;
const signed = (text: string | undefined) => text?.endsWith(`\n--\nたびとこ\n${base}\n`);
const membershipId = async (ambassadorId: number, userId: number) =>
  (await em().findOneOrFail(AmbassadorMember, { ambassador: ambassadorId, user: userId })).id;

describe('mails to a user added to or removed from an ambassador', () => {
  it('tells the added user which ambassador, the pages they can now use and whom to contact; the pages open', async () => {
    const ambassador = await createAmbassador(t.orm, { name: '森のクラフト工房' });
    const { user, agent } = await createSignedInUser(t, { name: '木村 あおい' });
    // Before: the ambassador's earnings are not theirs to see.
    expect((await agent.get(`/api/v1/host/earnings?ambassador_id=${ambassador.id}`)).status).toBe(404);

    const added = await c.agents.admin.post(`/api/v1/ambassadors/${ambassador.id}/members/${user.id}/association`);
    expect(added.status).toBe(201);
    const id = await membershipId(ambassador.id, user.id);
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.dedupeKey)).toEqual([`ambassador-member:${id}:added`]);
    const [mail] = mails;
    // A security notice: always sent, with the account page's security line (mail.footer.ts).
    expect(mail.footer).toBe('user_security');
    expect(mail.subject).toBe('【たびとこ】アンバサダーのメンバーに追加されました：森のクラフト工房');
    expect(
      mail.textBody.startsWith(
        body([
          '木村 あおい 様',
          '',
          '運営事務局が、あなたのアカウントをアンバサダー「森のクラフト工房」のメンバーに追加しました。',
          'このアンバサダーについて、次のことができるようになりました。',
          '  ・体験の管理（掲載の申請と編集）',
          '  ・体験の予約と参加者の確認、ゲストとのメッセージ',
          '  ・売上・お支払いの確認と振込先口座の登録・変更',
          '  ・体験に届いたレビューへの返信',
          '',
          `体験の管理: ${base}/host/story`,
          `予約の管理: ${base}/host/reservations`,
          `売上・お支払い: ${base}/host/earnings?ambassador_id=${ambassador.id}`,
          `レビューへの返信: ${base}/host/reviews`,
          '',
          'お心当たりがない場合は、すぐにお問い合わせフォームから運営事務局へご連絡ください。',
          `お問い合わせフォーム: ${base}/inquiry`,
        ]),
      ),
    ).toBe(true);
    expect(signed(mail.textBody)).toBe(true);
    // The earnings link now answers for them.
    const earnings = await agent.get(`/api/v1/host/earnings?ambassador_id=${ambassador.id}`);
    expect(earnings.status).toBe(200);
  });

  it('mails nobody for a refused add, tells a removed user, and tells a re-added one again', async () => {
    const ambassador = await createAmbassador(t.orm, { name: '港町の料理教室' });
    const { user } = await createSignedInUser(t, { name: '港 一郎' });
    await c.agents.admin.post(`/api/v1/ambassadors/${ambassador.id}/members/${user.id}/association`).expect(201);
    const first = await membershipId(ambassador.id, user.id);

    // Already a member (422) and a non-admin (403): nothing more is mailed.
    expect((await c.agents.admin.post(`/api/v1/ambassadors/${ambassador.id}/members/${user.id}/association`)).status).toBe(422);
    expect((await c.agents.user.post(`/api/v1/ambassadors/${ambassador.id}/members/${user.id}/association`)).status).toBe(403);
    expect((await c.agents.user.delete(`/api/v1/ambassadors/${ambassador.id}/members/${user.id}/association`)).status).toBe(403);
    expect((await mailsTo(user.email)).map((m) => m.dedupeKey)).toEqual([`ambassador-member:${first}:added`]);

    expect((await c.agents.admin.delete(`/api/v1/ambassadors/${ambassador.id}/members/${user.id}/association`)).status).toBe(204);
    const removed = (await mailsTo(user.email)).at(-1);
    expect(removed?.dedupeKey).toBe(`ambassador-member:${first}:removed`);
    expect(removed?.footer).toBe('user_security');
    expect(removed?.subject).toBe('【たびとこ】アンバサダーのメンバーから外れました：港町の料理教室');
    expect(
      removed?.textBody.startsWith(
        body([
          '港 一郎 様',
          '',
          '運営事務局が、あなたのアカウントをアンバサダー「港町の料理教室」のメンバーから外しました。',
          'このアンバサダーの体験・予約・売上・振込先口座は、今後は表示も操作もできません。あなたのアカウントとご自身のご予約は、これまでどおりお使いいただけます。',
          '',
          'お心当たりがない場合は、すぐにお問い合わせフォームから運営事務局へご連絡ください。',
          `お問い合わせフォーム: ${base}/inquiry`,
        ]),
      ),
    ).toBe(true);
    expect(signed(removed?.textBody)).toBe(true);
    // Removing an already removed member is a 404 and mails nothing.
    expect((await c.agents.admin.delete(`/api/v1/ambassadors/${ambassador.id}/members/${user.id}`)).status).toBe(404);

    // Added again: a new membership, so a new notice.
    await c.agents.admin.post(`/api/v1/ambassadors/${ambassador.id}/members/${user.id}/association`).expect(201);
    const second = await membershipId(ambassador.id, user.id);
    expect(second).not.toBe(first);
    expect((await mailsTo(user.email)).map((m) => m.dedupeKey)).toEqual([
      `ambassador-member:${first}:added`,
      `ambassador-member:${first}:removed`,
      `ambassador-member:${second}:added`,
    ]);
  });
});
