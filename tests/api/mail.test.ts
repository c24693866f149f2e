// The mail outbox's delivery against a real local SMTP server (smtp-server): reservation mails arrive once, a
// failure is retried with backoff, a row locked by another worker is skipped, a crash loses nothing, a retry never
// sends twice, and a mail queued by another process (the CLI) keeps the host its links were written with.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { createMailService } from '#src/modules/mail/mail.service';
import { MAX_ATTEMPTS, backoffSeconds, messageIdFor, smtpTransport } from '#src/modules/mail/mail.transport';
import { startWorkers } from '#src/modules/mail/mail.worker';
import { initOrm } from '#src/lib/orm';
import { createLogger } from '#src/lib/logger';
import * as ja from '#src/i18n/ja';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import { startSmtpInbox, type Received, type SmtpInbox } from '#tests/setup/smtp-inbox';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';

let t: TestApp;
let smtp: SmtpInbox;
let inbox: Received[];
let agent: InstanceType<typeof TestAgent>;
let guest: { email: string };

beforeAll(async () => {
  smtp = await startSmtpInbox();
  inbox = smtp.inbox;
  t = await setupTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'たびとこ <no-reply@tabitoko.example>' });
  const user = await createUser(t.orm, { name: 'メール 太郎' });
  guest = { email: user.email };
  agent = await signedInAgent(t.app, user.email);
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  smtp.rejectNext(0);
  // Each test starts from a delivered outbox.
  await t.services.mail.deliverDue();
  inbox.length = 0;
});

async function reserve(title: string) {
  const experience = await createExperience(t.orm, { title, price: 2000 });
  const calendar = await createCalendar(t.orm, experience.id);
  const res = await agent
    .post('/api/v1/reservations')
    .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa' });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const rowsOf = (reservationId: number) =>
  t.orm.em.fork().find(MailOutbox, { dedupeKey: { $like: `reservation:${reservationId}:%` } }, { orderBy: { dedupeKey: 'asc' } });

describe('mail delivery over SMTP', () => {
  it('delivers the guest confirmation and the host notice in Japanese, once', async () => {
    const id = await reserve('藍染めのハンカチづくり');
    const result = await t.services.mail.deliverDue();
    expect(result).toEqual({ sent: 2, failed: 0 });
    const toGuest = inbox.find((m) => m.to.includes(guest.email))!;
    expect(toGuest.subject).toBe(ja.reservations.mailGuestSubject('藍染めのハンカチづくり'));
    expect(toGuest.text).toContain('メール 太郎 様');
    expect(toGuest.text).toContain('■ 体験: 藍染めのハンカチづくり');
    // A mail to an account links its settings page just before the signature, which ends the mail (mail.footer.ts).
    expect(
      toGuest.text
        .trimEnd()
        .endsWith('お知らせメールの設定・アカウントの設定: http://localhost:3000/account\n\n--\nたびとこ\nhttp://localhost:3000'),
    ).toBe(true);
    expect(toGuest.from).toBe('no-reply@tabitoko.example');
    expect(toGuest.headers['message-id']).toBe(messageIdFor(`reservation:${id}:guest`, 'no-reply@tabitoko.example'));
    // The confirmation carries the reservation's .ics (METHOD:PUBLISH, Japan time).
    expect(toGuest.attachments).toHaveLength(1);
    expect(toGuest.attachments[0].filename).toBe('reservation.ics');
    expect(toGuest.attachments[0].contentType).toContain('text/calendar');
    expect(toGuest.attachments[0].content).toContain('METHOD:PUBLISH');
    expect(toGuest.attachments[0].content).toContain(`UID:reservation-${id}-slot-`);
    const toHost = inbox.find((m) => !m.to.includes(guest.email))!;
    expect(toHost.subject).toBe(ja.reservations.mailHostSubject('藍染めのハンカチづくり'));
    expect(toHost.text).toContain('予約者: メール 太郎 様');

    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(rows.every((r) => r.sentAt)).toBe(true);

    // Running again (or enqueueing the same mails again) sends nothing more.
    await enqueueMail(t.orm.em.fork(), [
      { dedupeKey: `reservation:${id}:guest`, to: guest.email, footer: null, subject: 'dup', text: 'dup' },
    ]);
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(inbox).toHaveLength(2);
  });

  it('retries a temporary SMTP failure later with backoff and then sends exactly once', async () => {
    const id = await reserve('再送テスト');
    smtp.rejectNext(1);
    const first = await t.services.mail.deliverDue();
    expect(first).toEqual({ sent: 1, failed: 1 });
    const failed = (await rowsOf(id)).find((r) => r.status === 'pending')!;
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/451|Try again/);
    expect(new Date(failed.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing is sent.
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
    await t.orm.em.fork().execute(`UPDATE mail_outbox SET next_attempt_at = now() WHERE id = ?`, [failed.id]);
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });

    const rows = await rowsOf(id);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(inbox.filter((m) => m.to.includes(failed.toAddress))).toHaveLength(1);
  });

  it('gives a brand member the portal account link before the signature (no mail settings there), and the office none', async () => {
    const key = `footer:${Date.now()}`;
    const text = '本文です。\n\n--\nたびとこ\nhttp://localhost:3000\n';
    await enqueueMail(t.orm.em.fork(), [
      { dedupeKey: `${key}:brand`, to: 'member-footer@example.com', footer: 'brand', subject: '件名', text },
      { dedupeKey: `${key}:office`, to: 'office-footer@example.com', footer: null, subject: '件名', text },
    ]);
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 2, failed: 0 });
    const sent = '本文です。\n\nアカウントの設定: http://localhost:3000/brand/account\n\n--\nたびとこ\nhttp://localhost:3000\n';
    // A short text travels as quoted-printable, whose lines end in CRLF on the wire.
    const received = (to: string) =>
      inbox
        .find((m) => m.to.includes(to))!
        .text.replace(/\r\n/g, '\n')
        .trimEnd();
    expect(received('member-footer@example.com')).toBe(sent.trimEnd());
    expect(received('office-footer@example.com')).toBe('本文です。\n\n--\nたびとこ\nhttp://localhost:3000');
    // The row holds the mail as sent, footer included, and says which line it carries; the development mailbox
    // shows the same text.
    const row = await t.orm.em.fork().findOneOrFail(MailOutbox, { dedupeKey: `${key}:brand` });
    expect([row.textBody, row.footer]).toEqual([sent, 'brand']);
    const shown = (await t.services.mail.mailbox(t.services.context({ kind: 'guest' }))).find((m) => m.id === row.id)!;
    expect(shown.text).toBe(sent);
  });

  it("sends an inquiry's notice to the office with the sender as its Reply-To, and a mail without one with none", async () => {
    const res = await agent
      .post('/api/v1/contact_inquiries')
      .send({ name: '返信 先子', email: 'reply-to@example.com', content: '返信先のテストです。' });
    expect(res.status).toBe(201);
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 2, failed: 0 });
    const toOffice = inbox.find((m) => m.to.includes(t.env.OFFICE_EMAIL))!;
    expect(toOffice.headers['reply-to']).toBe('reply-to@example.com');
    expect(toOffice.from).toBe('no-reply@tabitoko.example');
    const toSender = inbox.find((m) => m.to.includes('reply-to@example.com'))!;
    expect(toSender.headers['reply-to']).toBeUndefined();
  });

  it(
    'sends a mail the CLI queued with the links it was written with: body and footer name one host',
    async () => {
      const host = await createUser(t.orm, { name: '差し戻し 花子', role: 'HOST' });
      const experience = await createExperience(t.orm, { title: '別の番地の体験', hostUserId: host.id, approve: false });
      // Only DATABASE_URL and another port: the command writes its links with http://localhost:4555, while this
      // server sends with http://localhost:3000.
      const run = await runCli(t.databaseUrl, ['reject-experience', String(experience.id), '--reason', '写真を差し替えてください'], {
        env: { PORT: '4555' },
      });
      expect(run.code).toBe(0);
      await t.services.mail.deliverDue();
      const [mail] = inbox.filter((m) => m.to.includes(host.email));
      expect(mail.text).toContain(`http://localhost:4555/host_story/${experience.id}/edit`);
      expect(
        mail.text
          .trimEnd()
          .endsWith('お知らせメールの設定・アカウントの設定: http://localhost:4555/account\n\n--\nたびとこ\nhttp://localhost:4555'),
      ).toBe(true);
      expect(mail.text).not.toContain('localhost:3000');
    },
    CLI_TEST_TIMEOUT,
  );

  it('gives up after the last attempt and marks the mail failed', async () => {
    await enqueueMail(t.orm.em.fork(), [
      { dedupeKey: `give-up:${Date.now()}`, to: 'nobody@example.com', footer: null, subject: '件名', text: '本文' },
    ]);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      smtp.rejectNext(1);
      await t.orm.em.fork().execute(`UPDATE mail_outbox SET next_attempt_at = now() WHERE status = 'pending'`);
      expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, failed: 1 });
    }
    const row = await t.orm.em.fork().findOneOrFail(MailOutbox, { toAddress: 'nobody@example.com' });
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(MAX_ATTEMPTS);
    await t.orm.em.fork().execute(`UPDATE mail_outbox SET next_attempt_at = now() WHERE id = ?`, [row.id]);
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('loses no mail when the process dies after the commit: another process delivers it', async () => {
    const id = await reserve('クラッシュ後の配信');
    // The server that committed the reservation never ran its worker. A restarted process (its own ORM and pool):
    const orm = await initOrm(t.databaseUrl, { pool: 2 });
    try {
      const restarted = createMailService({ orm, env: t.env, log: createLogger('silent'), transport: smtpTransport(smtp.url) });
      expect(await restarted.deliverDue()).toEqual({ sent: 2, failed: 0 });
    } finally {
      await orm.close(true);
    }
    expect((await rowsOf(id)).every((r) => r.status === 'sent')).toBe(true);
    expect(inbox).toHaveLength(2);
  });

  it('skips a mail another worker holds, and delivers it once that worker is gone (rolled back)', async () => {
    const id = await reserve('ロック中のメール');
    const [guestRow] = await rowsOf(id);
    const otherWorker = new pg.Client({ connectionString: t.databaseUrl });
    await otherWorker.connect();
    try {
      await otherWorker.query('BEGIN');
      await otherWorker.query('SELECT id FROM mail_outbox WHERE id = $1 FOR UPDATE', [guestRow.id]);
      expect(await t.services.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
      expect(inbox.some((m) => m.to.includes(guest.email))).toBe(false);
      // The other worker crashed mid-send: its transaction rolls back and the row is due again.
      await otherWorker.query('ROLLBACK');
    } finally {
      await otherWorker.end();
    }
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(inbox.filter((m) => m.to.includes(guest.email))).toHaveLength(1);
  });

  it('never sends a mail twice when workers of two processes run at the same time', async () => {
    const ids = [await reserve('同時配信1'), await reserve('同時配信2'), await reserve('同時配信3')];
    const orm = await initOrm(t.databaseUrl, { pool: 4 });
    try {
      const second = createMailService({ orm, env: t.env, log: createLogger('silent'), transport: smtpTransport(smtp.url) });
      const results = await Promise.all([
        t.services.mail.deliverDue(),
        second.deliverDue(),
        t.services.mail.deliverDue(),
        second.deliverDue(),
      ]);
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
    } finally {
      await orm.close(true);
    }
    expect(inbox).toHaveLength(6);
    const messageIds = inbox.map((m) => m.headers['message-id']);
    expect(new Set(messageIds).size).toBe(6);
    for (const id of ids) expect((await rowsOf(id)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('runs as a background worker that stops cleanly', async () => {
    await reserve('ワーカー配信');
    const stop = startWorkers(
      {
        log: createLogger('silent'),
        mail: t.services.mail,
        passwordResets: t.services.passwordResets,
        reservations: t.services.reservations,
        reminders: t.services.reminders,
        favoriteDates: t.services.favoriteDates,
        reviewRequests: t.services.reviewRequests,
        dataExports: t.services.dataExports,
      },
      { mailEveryMs: 50 },
    );
    try {
      await expect.poll(() => inbox.length, { timeout: 10_000 }).toBe(2);
    } finally {
      await stop();
    }
  });
});

describe('reservation mails: dates in time order, links to the booking', () => {
  it('lists a later-created earlier date first, and links the guest to the reservation and the host to their list', async () => {
    const host = await createUser(t.orm, { name: '順番 ホスト', role: 'HOST' });
    const experience = await createExperience(t.orm, { title: '日程順の確認', price: 2000, hostUserId: host.id, cancellationPeriod: 2 });
    // The later date gets the smaller id: an id order would list it first.
    const later = await createCalendar(t.orm, experience.id, { daysFromToday: 21 });
    const earlier = await createCalendar(t.orm, experience.id, { daysFromToday: 19 });
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [later.id, earlier.id], number_of_people: 1, payment_token: 'tok_visa' });
    expect(res.status).toBe(201);
    // The reservation JSON lists them in the same order.
    expect(res.body.calendars.map((c: { id: number }) => c.id)).toEqual([earlier.id, later.id]);
    const id = res.body.id as number;
    await t.services.mail.deliverDue();
    const base = 'http://localhost:3000';
    const order = (text: string) => [text.indexOf(formatDateJa(earlier.date)), text.indexOf(formatDateJa(later.date))];
    const toGuest = inbox.find((m) => m.subject === ja.reservations.mailGuestSubject('日程順の確認'))!;
    const toHost = inbox.find((m) => m.subject === ja.reservations.mailHostSubject('日程順の確認'))!;
    for (const text of [toGuest.text, toHost.text]) {
      const [first, second] = order(text);
      expect(first).toBeGreaterThan(0);
      expect(second).toBeGreaterThan(first);
    }
    expect(toGuest.text).toContain(`予約の詳細: ${base}/reservations/${id}`);
    expect(toHost.to).toEqual([host.email]);
    expect(toHost.text).toContain(`予約の管理: ${base}/host/reservations`);
    // The .ics lists its events in the same order.
    const ics = toGuest.attachments[0].content;
    expect(ics.indexOf(`DTSTART;TZID=Asia/Tokyo:${earlier.date.replaceAll('-', '')}`)).toBeLessThan(
      ics.indexOf(`DTSTART;TZID=Asia/Tokyo:${later.date.replaceAll('-', '')}`),
    );

    inbox.length = 0;
    expect((await agent.post(`/api/v1/reservations/${id}/cancellation`).send({})).status).toBe(200);
    await t.services.mail.deliverDue();
    const cancelGuest = inbox.find((m) => m.subject === ja.guestReservations.mailGuestCancelSubject('日程順の確認'))!;
    const cancelHost = inbox.find((m) => m.subject === ja.guestReservations.mailHostCancelSubject('日程順の確認'))!;
    for (const text of [cancelGuest.text, cancelHost.text]) {
      const [first, second] = order(text);
      expect(first).toBeGreaterThan(0);
      expect(second).toBeGreaterThan(first);
    }
    expect(cancelGuest.text).toContain(`予約の詳細: ${base}/reservations/${id}`);
    expect(cancelHost.text).toContain(`予約の管理: ${base}/host/reservations`);
  });
});

describe('backoff', () => {
  it('doubles from 30 seconds up to one hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(backoffSeconds)).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
  });
});
