// The e-mail address in the browser: a new account's booking form says the address must be verified first and
// resends the link; the mailed verification link's page verifies it; the address change on /account (the reload
// notice, the pending change), its confirmation link, and the undo link that restores the old address and signs
// the account out. The links are read from the development mailbox (/api/v1/dev/mails).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, must, nextLoad, openBrowser, type Session } from '#tests/e2e/browser';

let s: Session;
beforeAll(async () => {
  s = await openBrowser();
});

interface DevMail {
  to: string;
  subject: string;
  text: string;
}

/** The token of the newest mail to `to` with a link to `path` (the worker queues mails at once; sent or not). */
async function mailedToken(to: string, path: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const { mails } = await s.getJson<{ mails: DevMail[] }>('/api/v1/dev/mails?limit=200');
        const text = mails.find((m) => m.to === to && m.text.includes(`${path}?token=`))?.text ?? '';
        token = new RegExp(`${path}\\?token=([\\w-]+)`).exec(text)?.[1];
        return Boolean(token);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return must(token, `${path} link to ${to}`);
}

/** A published experience and a slot still open for booking. */
async function openSlot(): Promise<{ tourId: number; cid: number }> {
  const { experiences } = await s.getJson<{ experiences: { id: number }[] }>('/api/v1/stories');
  for (const { id } of experiences) {
    const { calendars } = await s.getJson<{
      calendars: { id: number; accepting_reservation: boolean; recruitment_number: number; participant_number: number }[];
    }>(`/api/v1/experiences/${id}/calendars`);
    const slot = calendars.find((c) => c.accepting_reservation && c.participant_number < c.recruitment_number);
    if (slot) return { tourId: id, cid: slot.id };
  }
  throw new Error('no open slot in the demo data');
}

async function pressLink(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
  await page.getByTestId('link-action').click();
  await page.getByTestId('link-done').waitFor();
}

describe('the sign-up address check', () => {
  it('holds the booking form until the mailed link is opened, and resends the link', async () => {
    const page = await s.newPage({ width: 375, height: 900 });
    const email = await s.signUp(page, '確認 ブラウザ');
    const { tourId, cid } = await openSlot();
    await page.goto(`/reservations/new?cid=${cid}&tour_id=${tourId}`);
    await hydrated(page);
    const notice = page.getByTestId('verify-email-notice');
    expect(await notice.locator('p').first().textContent()).toBe(
      `ご予約の前に、メールアドレスの確認が必要です。${email} に届いた確認メールのリンクを開いてから、このページを再読み込みしてください。`,
    );
    expect(await page.locator('.reservation__submit').getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByTestId('submit-blocked').textContent()).toBe('メールアドレスの確認が済むと予約できます');
    await page.getByTestId('resend-verification').click();
    await expect.poll(() => page.getByTestId('resend-answer').textContent()).toBe(`${email} に確認メールを送信しました`);

    await pressLink(page, `/email_verification?token=${await mailedToken(email, '/email_verification')}`);
    expect(await page.getByTestId('link-done').locator('p').first().textContent()).toBe(
      'メールアドレスを確認しました。体験の予約ができます。',
    );
    await page.goto(`/reservations/new?cid=${cid}&tour_id=${tourId}`);
    await hydrated(page);
    expect(await page.getByTestId('verify-email-notice').count()).toBe(0);
  });
});

describe('changing the address on /account', () => {
  it('asks for the password, confirms through the new address, and the undo link restores the old one', async () => {
    const page = await s.newPage({ width: 1280, height: 900 });
    const oldEmail = await s.signUp(page, '変更 ブラウザ');
    const newEmail = `new-${oldEmail}`;
    await page.goto('/account');
    await hydrated(page);
    const section = page.getByTestId('email-change-section');
    await section.locator('input[name="email"]').fill(newEmail);
    await section.locator('input[name="current_password"]').fill('wrong1234');
    await page.getByTestId('change-email').click();
    await expect.poll(() => section.getByText('現在のパスワードが正しくありません').count()).toBe(1);

    await section.locator('input[name="current_password"]').fill('abcd1234');
    const loaded = nextLoad(page);
    await page.getByTestId('change-email').click();
    await loaded;
    expect(await page.getByTestId('account-notice').textContent()).toBe(
      `${newEmail} に確認メールを送信しました。メールのリンクを開いて変更を確定してください`,
    );
    expect(await page.getByTestId('email-change-pending').textContent()).toContain(`${newEmail} への変更を確認待ちです`);

    await pressLink(page, `/email_change/confirm?token=${await mailedToken(newEmail, '/email_change/confirm')}`);
    expect(await page.getByTestId('link-done').locator('p').first().textContent()).toBe(`メールアドレスを ${newEmail} に変更しました。`);
    await page.goto('/account');
    await hydrated(page);
    expect(await page.locator('.account-section__current').textContent()).toBe(`現在のメールアドレス: ${newEmail}`);

    await page.goto(`/email_change/undo?token=${await mailedToken(oldEmail, '/email_change/undo')}`);
    await hydrated(page);
    expect(await page.getByTestId('link-lead').textContent()).toContain(`メールアドレスを ${oldEmail} に戻します`);
    await page.getByTestId('link-action').click();
    await page.getByTestId('link-done').waitFor();
    expect(await page.getByTestId('link-done').getByRole('link').textContent()).toBe('パスワードを再設定する');
    // Every session ended, this one too.
    await page.goto('/account');
    await page.waitForURL(/\/logon\?redirect=/);
  });
});
