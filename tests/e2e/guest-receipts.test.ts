// The guest's receipt in Chromium: on /reservations/{id} the 領収書 panel starts with the guest's name as the
// addressee; the guest types a company name and a 但し書き, downloads the PDF (its text holds the addressee, the
// amount, the tax and the registration number), the panel then says it was issued, and the next download is 再発行.
// A name as long as an account's may be (100 characters) is offered and printed as it is.
// The built server with demo data (tests/setup/global-server.ts); the reservation is booked through the API.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BookedReservation, hydrated, openBrowser, openServerOrm, type Session } from '#tests/e2e/browser';
import type { MikroORM } from '#src/lib/orm';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { pdfText } from '#tests/factories/pdf';
import * as ja from '#src/i18n/ja';

let s: Session;
let orm: MikroORM;

beforeAll(async () => {
  s = await openBrowser();
  orm = await openServerOrm();
});

async function download(page: Page): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('receipt-download').click()]);
  expect(file.suggestedFilename()).toMatch(/^領収書_R\d{8}\.pdf$/);
  const target = path.join(os.tmpdir(), `receipts-e2e-${Date.now()}.pdf`);
  await file.saveAs(target);
  return pdfText(readFileSync(target));
}

/** A new guest named `name`, signed in on a page `width` wide, with a paid booking of a ¥10,000 experience. */
async function guestWithBooking(name: string, title: string, width: number): Promise<{ page: Page; reservation: BookedReservation }> {
  const guest = await createUser(orm, { name });
  const experience = await createExperience(orm, { title, price: 10000 });
  const calendar = await createCalendar(orm, experience.id, { daysFromToday: 12 });
  const page = await s.signedInPage(guest.email, { width, height: 900 });
  const reservation = await s.bookPaid(page, {
    experienceId: experience.id,
    calendarIds: [calendar.id],
    key: `e2e-receipt-${width}-${Date.now()}`,
  });
  return { page, reservation };
}

describe('the guest downloads a receipt', () => {
  it.each([375, 1280])('types the addressee, downloads the PDF, and the second download is 再発行 (%ipx)', async (width) => {
    const { page, reservation } = await guestWithBooking(`領収 花子${width}`, `領収書の体験 ${width}`, width);
    expect(reservation.amounts.total).toBe(10860);

    await page.goto(`${s.baseUrl}/reservations/${reservation.id}`);
    await hydrated(page);
    const section = page.getByTestId('receipt-section');
    await section.waitFor();
    expect(await section.getByRole('heading').textContent()).toBe(ja.receipts.sectionTitle);
    const addressee = section.getByLabel(ja.receipts.addressee);
    expect(await addressee.inputValue()).toBe(`領収 花子${width}`);
    expect(await section.getByLabel(ja.receipts.purpose).inputValue()).toBe('体験料として');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(os.tmpdir(), `receipts-page-${width}.png`), fullPage: true });

    // An empty addressee is refused by the server, with the message on the field.
    await addressee.fill('');
    await page.getByTestId('receipt-download').click();
    await section.getByText(ja.receipts.addresseeRequired).first().waitFor();

    await addressee.fill('株式会社ブラウザ 総務部');
    await section.getByLabel(ja.receipts.purpose).fill('研修費として');
    const first = await download(page);
    expect(first).toContain('株式会社ブラウザ 総務部 様');
    expect(first).toContain('¥10,860-');
    expect(first).toContain('但し 研修費として');
    expect(first).toContain('10% ¥10,860 ¥987');
    expect(first).toContain('登録番号 T7123456789012');
    expect(first).not.toContain('再発行');

    const issued = section.getByTestId('receipt-issued');
    await issued.waitFor();
    expect(await issued.textContent()).toContain('（1回）');
    await page.screenshot({ path: path.join(os.tmpdir(), `receipts-page-issued-${width}.png`), fullPage: true });

    const second = await download(page);
    expect(second).toContain('再発行');
    expect(second).toContain('株式会社ブラウザ 総務部 様');
    await expect.poll(() => issued.textContent(), { timeout: 15_000 }).toContain('（2回）');
  });

  it('starts with a name as long as an account may have (100 characters) and downloads it as it is', async () => {
    const name = `Maximilianus-${'Wolfeschlegelsteinhausenbergerdorff'.repeat(3)}`.slice(0, 100);
    const { page, reservation } = await guestWithBooking(name, '長い名前の領収書', 375);

    await page.goto(`${s.baseUrl}/reservations/${reservation.id}`);
    await hydrated(page);
    const section = page.getByTestId('receipt-section');
    await section.waitFor();
    const addressee = section.getByLabel(ja.receipts.addressee);
    expect(await addressee.inputValue()).toBe(name);
    // At the limit, valid: the notice, not an error.
    const counter = section.locator('#field-addressee-counter');
    expect(await counter.textContent()).toBe('100/100100文字以内で入力してください');
    expect(await counter.getAttribute('class')).toBe('field__counter field__counter--notice');
    expect(await addressee.getAttribute('aria-invalid')).toBeNull();

    const text = await download(page);
    expect(text.replace(/\s+/g, '')).toContain(`${name}様`);
    await section.getByTestId('receipt-issued').waitFor();
  });
});
