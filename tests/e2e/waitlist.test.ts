// キャンセル待ち in Chromium: a guest joins the line of a full slot on the experience page, another guest's booking
// is cancelled, the offer's mail arrives through real SMTP (smtp-server, sent by the server's own mail worker), the
// guest sees the offer on /reservations, follows the mail's link to the form (party fixed, the offer's end shown)
// and pays within the offer. Its own built server and PostgreSQL (the data comes from the factories).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, laterPartsHydrated, openBrowser, type Session } from '#tests/e2e/browser';
import { startIsolatedServer, type IsolatedServer } from '#tests/setup/server-process';
import { startSmtpInbox, type SmtpInbox } from '#tests/setup/smtp-inbox';
import { createUser, TEST_PASSWORD } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { WaitlistEntry } from '#src/modules/reservations/waitlist.entity';
import * as ja from '#src/i18n/ja';

const SHOTS = '/tmp/waitlist-shots';

let smtp: SmtpInbox;
let s: Session;
let world: IsolatedServer;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  s = await openBrowser();
  // The worker runs (mail every few seconds, the seat-hold sweeper): the offer's mail goes out by itself.
  world = await startIsolatedServer({ SMTP_URL: smtp.url, DISABLE_WORKERS: '0' });
}, 180_000);

afterAll(async () => {
  await world?.stop();
  await smtp?.close();
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout, interval: 200 });

async function apiSignIn(email: string): Promise<string> {
  const res = await fetch(`${world.base}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(201);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function apiPost(cookie: string, path: string, body: unknown) {
  const res = await fetch(`${world.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { id: number } };
}

describe('キャンセル待ち', () => {
  it.each([375, 1280])(
    'join → a cancellation → the mail → pay within the offer (%ipx)',
    async (width) => {
      const title = `満席の陶芸体験 ${width}`;
      const host = await createUser(world.orm, { name: 'ホスト 陶子', role: 'HOST' });
      const experience = await createExperience(world.orm, { title, price: 4000, hostUserId: host.id });
      const calendar = await createCalendar(world.orm, experience.id, { daysFromToday: 14, recruitmentNumber: 1 });
      const booker = await createUser(world.orm, { name: '先約 一郎' });
      const waiter = await createUser(world.orm, { name: '待ち 花子' });
      const bookerCookie = await apiSignIn(booker.email);
      const booked = await apiPost(bookerCookie, '/api/v1/reservations', {
        calendar_ids: [calendar.id],
        number_of_people: 1,
        payment_token: 'tok_visa',
        idempotency_key: `e2e-waitlist-${width}`,
      });
      expect(booked.status).toBe(201);

      // Join on the experience page: the full slot is offered in the panel.
      const page = await s.signedInPage(waiter.email, { base: world.base, width });
      await page.goto(`${world.base}/stories/${experience.id}`);
      await laterPartsHydrated(page);
      const panel = page.getByTestId('waitlist-panel');
      await panel.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: path.join(SHOTS, `panel-form-${width}.png`) });
      await page.screenshot({ path: path.join(SHOTS, `story-${width}.png`) });
      // The panel's title is a heading under the schedule's h2, and the region that answers the press is there, empty,
      // before it (a region mounted together with its text is often not read out).
      expect(await panel.getByRole('heading', { level: 3 }).textContent()).toBe(ja.waitlist.title);
      expect(await page.locator('#schedule').getByRole('heading', { level: 2 }).count()).toBe(1);
      expect(await panel.getByRole('status').textContent()).toBe('');
      await page.getByTestId('waitlist-join').click();
      await poll(() => panel.getByRole('status').textContent()).toBe(ja.waitlist.joined(1));
      expect(await panel.getByTestId('waitlist-position').textContent()).toContain(ja.waitlist.position(1));
      await panel.screenshot({ path: path.join(SHOTS, `panel-${width}.png`) });
      // The host sees the line on the slot.
      const hostPage = await s.signedInPage(host.email, { base: world.base, width });
      await hostPage.goto(`${world.base}/host/reservations`);
      await hydrated(hostPage);
      const slot = hostPage.locator(`#slot-${calendar.id}`);
      expect(await slot.getByTestId('host-slot-waitlist').textContent()).toBe(ja.waitlist.hostCount(1, 1));
      await slot.screenshot({ path: path.join(SHOTS, `host-${width}.png`) });

      // Another guest cancels: the seat is held for the waiting guest and the mail goes out through SMTP.
      expect((await apiPost(bookerCookie, `/api/v1/reservations/${booked.body.id}/cancellation`, {})).status).toBe(200);
      await poll(() => smtp.inbox.filter((m) => m.to.includes(waiter.email)).length, 30_000).toBe(1);
      const mail = smtp.inbox.find((m) => m.to.includes(waiter.email))!;
      expect(mail.subject).toBe(ja.waitlist.mail.subject(title));
      expect(mail.text).toContain('待ち 花子 様');
      const link = /ご予約のお手続き: (\S+)/.exec(mail.text)?.[1] ?? '';
      const formPath = new URL(link).pathname + new URL(link).search;
      expect(formPath).toBe(`/reservations/new?cid=${calendar.id}&tour_id=${experience.id}`);

      // The on-site notice on /reservations.
      await page.goto(`${world.base}/reservations`);
      await hydrated(page);
      expect(await page.getByTestId('waitlist-notice').textContent()).toBe(ja.waitlist.offerTitle);
      // The page's outline: the section's h2 under the page's h1, each entry's experience an h3 to jump to.
      const section = page.getByTestId('waitlist-section');
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe(ja.waitlist.title);
      expect(await section.getByRole('heading', { level: 3 }).allTextContents()).toEqual([title]);
      expect(await section.getByRole('heading', { level: 3 }).getByRole('link').getAttribute('href')).toBe(`/stories/${experience.id}`);
      // The reservations after it have a heading of their own (the tab shown), so they are not filed under the waitlist.
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([ja.waitlist.title, ja.guestReservations.upcoming]);
      expect(await page.getByTestId('waitlist-entry').getAttribute('data-status')).toBe('offered');
      await page.screenshot({ path: path.join(SHOTS, `reservations-${width}.png`), fullPage: true });

      // The mail's link: the form for the held seat, then the payment.
      await page.goto(`${world.base}${formPath}`);
      await hydrated(page);
      expect(await page.getByTestId('waitlist-offer').textContent()).toContain(ja.waitlist.people(1));
      await page.fill('input[name="cardnumber"]', '4242 4242 4242 4242');
      await page.fill('input[name="cc-exp"]', '1230');
      await page.fill('input[name="cvc"]', '123');
      await page.getByTestId('card-ready').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `form-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: ja.reservations.submit }).click();
      await page.getByTestId('reservation-complete').waitFor();

      const em = world.orm.em.fork();
      const [entry] = await em.find(WaitlistEntry, { calendar: calendar.id });
      expect(entry.status).toBe('booked');
      const paid = await em.findOneOrFail(Reservation, { id: entry.reservation!.id });
      expect(paid.status).toBe('confirmed');
      expect(paid.user.id).toBe(waiter.id);
    },
    120_000,
  );
});
