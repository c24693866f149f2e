// The host's record of a slot they cancelled (POST /api/v1/host/calendars/{id}/cancellation), read from the outbox as
// the host reads it: the experience, the date, the reason, each reservation cancelled with its guest and refund, the
// refunds' total, the キャンセル待ち line told and the link to the experience's reservations. One mail, whatever the
// retries; none for a slot nobody had booked; an ambassador's experience's mail goes where its other host notices go.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser, signedInAgent, type Agent } from '#tests/factories/users';
import { createAmbassadorExperience, createCalendar, createExperience } from '#tests/factories/experiences';
import { createCoupon } from '#tests/factories/coupons';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { transaction } from '#src/lib/transaction';
import { slotCancellationMails } from '#src/modules/reservations/slot-cancellation-mail';

let t: TestApp;
let host: { id: number; email: string; agent: Agent };

beforeAll(async () => {
  t = await setupTestApp();
  const user = await createUser(t.orm, { name: 'ホスト 太郎', role: 'HOST' });
  host = { id: user.id, email: user.email, agent: await signedInAgent(t.app, user.email) };
});

let counter = 0;
const key = () => `slot-cancellation-mail-${Date.now()}-${++counter}`;

async function guest(name: string) {
  const { user, agent } = await createSignedInUser(t, { name });
  return { id: user.id, agent };
}

async function book(agent: Agent, tourId: number, calendarId: number, people: number, extra: Record<string, unknown> = {}) {
  const res = await agent.post('/api/v1/reservations').send({
    tour_id: tourId,
    calendar_ids: [calendarId],
    number_of_people: people,
    payment_token: 'tok_visa',
    idempotency_key: key(),
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; amounts: { total: number } };
}

/** The host mails of a slot's cancellation in the outbox (every key the slot's cancellation may use). */
const hostMails = (calendarId: number) =>
  t.orm.em.fork().find(MailOutbox, { dedupeKey: { $like: `calendar:${calendarId}:cancel%` } }, { orderBy: { id: 'asc' } });

/** 'yyyy-MM-dd' as the mails write a day ('2026年12月4日(金)'), written out here rather than through the code under test. */
const jaDate = (ymd: string) =>
  `${Number(ymd.slice(0, 4))}年${Number(ymd.slice(5, 7))}月${Number(ymd.slice(8, 10))}日(${'日月火水木金土'[new Date(`${ymd}T00:00:00Z`).getUTCDay()]})`;

describe('the host’s mail of a slot’s cancellation', () => {
  it('says what was cancelled, refunded and told, with a paid booking and one a coupon covered, once however often it is sent', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '藍染めの手ぬぐいづくり', price: 5000 });
    const calendar = await createCalendar(t.orm, experience.id, {
      daysFromToday: 10,
      startTime: '13:00',
      endTime: '15:30',
      recruitmentNumber: 3,
    });
    const paying = await guest('山田 花子');
    const covered = await guest('佐藤 次郎');
    const waiting = await guest('待機 三郎');
    // 2 × ¥5,000, 5% service fee ¥500, 3.6% processing fee ¥360.
    const paid = await book(paying.agent, experience.id, calendar.id, 2);
    expect(paid.amounts.total).toBe(10_860);
    const coupon = await createCoupon(t.orm, { discountType: 'percent', discountValue: 100 });
    const free = await book(covered.agent, experience.id, calendar.id, 1, { coupon_code: coupon.code });
    expect(free.amounts.total).toBe(0);
    // The slot is full: a third guest waits in line.
    expect((await waiting.agent.post('/api/v1/waitlist').send({ calendar_id: calendar.id, number_of_people: 1 })).status).toBe(201);

    const url = `/api/v1/host/calendars/${calendar.id}/cancellation`;
    const res = await host.agent.post(url).send({ reason: '台風の接近により安全に開催できないため' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ calendar_id: calendar.id, cancelled_reservations: 2, refunded_amount: 10_860 });

    const [mail, ...others] = await hostMails(calendar.id);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      dedupeKey: `calendar:${calendar.id}:cancel:host`,
      toAddress: host.email,
      subject: '【たびとこ】開催を中止しました：藍染めの手ぬぐいづくり',
    });
    const day = jaDate(calendar.date);
    expect(mail.textBody).toBe(
      [
        'ホスト 太郎 様',
        '',
        `「藍染めの手ぬぐいづくり」の ${day} 13:00〜15:30 の回を中止しました。中止によって行ったことをお知らせします。`,
        '',
        '■ 体験: 藍染めの手ぬぐいづくり',
        '■ 日程:',
        `  ${day} 13:00〜15:30`,
        '■ 中止の理由:',
        '台風の接近により安全に開催できないため',
        '■ キャンセルした予約: 2件（3名）',
        `  ・予約番号 ${paid.id}　山田 花子 様 2名　返金 ¥10,860`,
        `  ・予約番号 ${free.id}　佐藤 次郎 様 1名　返金なし（お支払いのないご予約）`,
        '■ 返金の合計: ¥10,860（1件）',
        '■ キャンセル待ち: 1件（1名）の方に開催中止をお知らせしました',
        '',
        '予約者の皆さまには、中止の理由と返金についてメールでお知らせしました。',
        '返金はお支払いに使われたカードへ行います。カード会社によって反映までに日数がかかる場合があります。',
        'この回は予約の受付を終了しました。',
        '',
        `この体験の予約の管理: http://localhost:3000/host/reservations?experience_id=${experience.id}`,
        '',
        'お知らせメールの設定・アカウントの設定: http://localhost:3000/account',
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );

    // The request sent again (a retry after a lost answer), and twice at once: the first mail stays the only one.
    const again = await host.agent.post(url).send({ reason: '台風の接近により安全に開催できないため' });
    expect(again.status).toBe(200);
    expect(again.body.cancelled_reservations).toBe(0);
    const twice = await Promise.all([1, 2].map(() => host.agent.post(url).send({ reason: '再送' })));
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    // The same cancellation queued once more, as a transaction run again would queue it: the key is the slot's.
    await transaction(t.orm.em.fork(), async (tx) => {
      const replay = {
        calendarId: calendar.id,
        reason: '台風の接近により安全に開催できないため',
        reservations: [{ id: paid.id, userId: paying.id, people: 2, refund: 10_860 }],
        waitlist: { entries: 0, people: 0 },
        late: false,
      };
      await enqueueMail(tx, await slotCancellationMails(tx, replay, { officeEmail: t.env.OFFICE_EMAIL, baseUrl: 'http://localhost:3000' }));
    });
    const after = await hostMails(calendar.id);
    expect(after.map((m) => [m.id, m.textBody])).toEqual([[mail.id, mail.textBody]]);
  });

  it('is not sent for a slot nobody had booked or waited for', async () => {
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '予約のない回' });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 8 });
    const res = await host.agent.post(`/api/v1/host/calendars/${calendar.id}/cancellation`).send({ reason: '都合により' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ calendar_id: calendar.id, cancelled_reservations: 0, refunded_amount: 0 });
    expect(await hostMails(calendar.id)).toEqual([]);
  });

  it('goes, for an ambassador’s experience, where its other host notices go: the ambassador’s member, without a footer', async () => {
    const member = await createUser(t.orm, { role: 'HOST', name: 'メンバー 花子' });
    const { experience, ambassador } = await createAmbassadorExperience(t.orm, { memberUserId: member.id, title: '工房の木工体験' });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 9 });
    const g = await guest('木工 一郎');
    const booked = await book(g.agent, experience.id, calendar.id, 1);
    const agent = await signedInAgent(t.app, member.email);
    expect((await agent.post(`/api/v1/host/calendars/${calendar.id}/cancellation`).send({ reason: '工房の改修のため' })).status).toBe(200);

    const host = await t.orm.em.fork().findOneOrFail(MailOutbox, { dedupeKey: `reservation:${booked.id}:host` });
    const [mail, ...others] = await hostMails(calendar.id);
    expect(others).toEqual([]);
    expect(mail.toAddress).toBe(member.email);
    expect(mail.toAddress).toBe(host.toAddress);
    const lines = mail.textBody.split('\n');
    expect(lines[0]).toBe(`${ambassador.name} 様`);
    expect(lines).toContain(`  ・予約番号 ${booked.id}　木工 一郎 様 1名　返金 ¥4,887`);
    expect(lines).toContain('■ キャンセル待ち: お待ちの方はいませんでした');
    expect(lines).toContain(`この体験の予約の管理: http://localhost:3000/host/reservations?experience_id=${experience.id}`);
    expect(mail.textBody).not.toContain('/account');
  });
});
