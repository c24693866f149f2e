// Earnings and payouts in Chromium on the demo data: the host reads /host/earnings, downloads a closed month's
// statement (CSV and PDF) and registers a bank account; the admin prepares (again: nothing changes), downloads the bank file and
// marks the demo's last closed month paid after a confirmation; the prepare button keeps the focus while it works, and a
// batch's panel opens from the keyboard.
import { readFileSync } from 'node:fs';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hydrated, nextLoad, openBrowser, type Session } from '#tests/e2e/browser';
import { pdfText } from '#tests/factories/pdf';

let s: Session;

beforeAll(async () => {
  s = await openBrowser();
});

describe('the host', () => {
  it('reads the months, downloads a closed month statement and registers the bank account', async () => {
    const page = await s.newPage({ width: 375, height: 900 });
    await s.signIn(page, 'host@example.com');
    await page.goto('/host/earnings');
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('売上・お支払い');
    // The demo leaves the last closed month prepared and unpaid, with the host's line payable: its amount is fixed.
    expect(await page.getByTestId('next-payout').textContent()).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日\(.\)に¥[\d,]+（確定）$/);
    // A closed month with earnings (the newest chip not marked 締め前; months to come come first): its statement CSV.
    await page.locator('.host-earnings__months a').filter({ hasNotText: '締め前' }).first().click();
    await hydrated(page);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: '支払明細書（CSV）' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    // The header row first, the rows, the summary records, the document's facts last.
    expect(csv.split('\r\n')[0]).toBe('\uFEFF区分,予約番号,日付,内容,人数,売上,手数料,お受取額,状態');
    expect(csv).toMatch(/\r\n合計,,,,\d+,\d+,\d+,\d+,\r\n消費税,,,/);
    expect(csv).toMatch(/\r\n登録番号,,,T\d{13},,,,,\r\n$/);
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: '支払明細書（PDF）' }).click();
    const pdf = readFileSync(await (await pdfDownload).path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain('支払明細書');

    await page.getByRole('button', { name: '振込先口座を登録・変更する' }).click();
    await page.fill('input[name="bank_code"]', '0009');
    await page.fill('input[name="branch_code"]', '999');
    await page.fill('input[name="account_number"]', '7654321');
    await page.fill('input[name="holder_name"]', 'やまだ　はるか');
    await page.getByRole('button', { name: '口座を保存する' }).click();
    await expect.poll(() => page.locator('.field__error').first().textContent()).toBe('この銀行にこの支店コードの支店が見つかりません');
    await page.fill('input[name="branch_code"]', '101');
    const loaded = nextLoad(page);
    await page.getByRole('button', { name: '口座を保存する' }).click();
    await loaded;
    const bank = page.getByTestId('bank-account');
    expect(await bank.textContent()).toContain('普通 ****321');
    expect(await bank.textContent()).toContain('ﾔﾏﾀﾞ ﾊﾙｶ');
  });
});

describe('the payee tabs and the bank account form', () => {
  it("keeps the month's totals whole on one line at tablet widths", async () => {
    for (const width of [768, 834]) {
      const page = await s.newPage({ width, height: 1024 });
      await s.signIn(page, 'host@example.com');
      await page.goto('/host/earnings');
      await hydrated(page);
      // Each total's text as lines on screen: a sum split inside its digits (¥14,40 / 0) is two.
      const lines = await page.locator('[data-testid="earnings-table"] tfoot td.num').evaluateAll((cells) =>
        cells.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }),
      );
      expect(lines, `${width}px`).toEqual([1, 1, 1]);
    }
  });

  it('marks the current payee tab as selected (an ambassador member on /host/earnings?ambassador_id=1)', async () => {
    const page = await s.newPage({ width: 375, height: 900 });
    await s.signIn(page, 'ambassador@example.com');
    await page.goto('/host/earnings?ambassador_id=1');
    await hydrated(page);
    const look = (tab: Locator) =>
      tab.evaluate((el) => {
        const style = getComputedStyle(el);
        return { border: style.borderBottomColor, color: style.color, underline: style.textDecorationLine };
      });
    const current = page.locator('.tabs__tab[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.getAttribute('href')).toBe('/host/earnings?ambassador_id=1');
    // --color-primary under the current tab, --color-primary-dark for its text; no link underline on any tab.
    expect(await look(current)).toEqual({ border: 'rgb(194, 65, 12)', color: 'rgb(154, 52, 18)', underline: 'none' });
    const own = page.getByRole('link', { name: 'ご自身' });
    expect(await look(own)).toEqual({ border: 'rgba(0, 0, 0, 0)', color: 'rgb(111, 101, 93)', underline: 'none' });
  });

  it('reports every invalid bank account field at once, the kanji holder name included', async () => {
    const page = await s.newPage({ width: 375, height: 900 });
    await s.signIn(page, 'host@example.com');
    await page.goto('/host/earnings');
    await hydrated(page);
    await page.getByRole('button', { name: '振込先口座を登録・変更する' }).click();
    await page.fill('input[name="bank_code"]', '12');
    await page.fill('input[name="branch_code"]', 'x');
    await page.fill('input[name="account_number"]', '12345678');
    await page.fill('input[name="holder_name"]', '山田太郎');
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/host/bank-account') && request.method() === 'PUT') sent++;
    });
    await page.getByRole('button', { name: '口座を保存する' }).click();
    const form = page.locator('.host-earnings__bank-form');
    await expect
      .poll(() => form.locator('.field__error').allTextContents())
      .toEqual([
        '銀行コードは4桁の数字で入力してください',
        '支店コードは3桁の数字で入力してください',
        '口座番号は7桁以内の数字で入力してください',
        '口座名義はカタカナ・英大文字・数字と ( ) . - / で入力してください',
      ]);
    // Checked in the browser: nothing was sent, and what was typed stays.
    expect(sent).toBe(0);
    expect(await page.inputValue('input[name="holder_name"]')).toBe('山田太郎');
  });
});

describe('the office', () => {
  it('prepares a month, downloads the bank file and marks it paid', async () => {
    const page = await s.newPage({ width: 1280, height: 900 });
    await s.signIn(page, 'admin@example.com');
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/admin/payouts');
    await hydrated(page);
    const prepared = page.locator('[data-testid="payout-batches"] tbody tr', { hasText: '準備済み' });
    await expect.poll(() => prepared.count()).toBe(1);
    const month = ((await prepared.getAttribute('data-testid')) ?? '').replace('batch-', '');
    // Preparing that month again changes nothing.
    await page.fill('#payout-month', month);
    await page.getByTestId('prepare-batch').click();
    await expect.poll(() => page.getByTestId('payout-notice').textContent()).toBe(`${month} の支払バッチはすでに準備済みです`);
    await expect.poll(() => page.getByTestId('payout-detail').isVisible()).toBe(true);

    const download = page.waitForEvent('download');
    await prepared.getByRole('link', { name: '振込ファイル' }).click();
    const file = readFileSync(await (await download).path());
    const records = file.toString('latin1').split('\r\n').slice(0, -1);
    expect(records.every((r) => r.length === 120)).toBe(true);
    expect(records.map((r) => r[0]).join('')).toMatch(/^12+89$/);

    await prepared.getByRole('button', { name: '支払済みにする' }).click();
    await page.getByTestId('mark-paid-dialog').getByRole('button', { name: '支払済みにする' }).click();
    await expect.poll(() => page.getByTestId('payout-notice').textContent()).toBe(`${month} の支払バッチを支払済みにしました`);
    await expect.poll(() => page.locator(`[data-testid="batch-${month}"]`).textContent()).toContain('支払済み');
  });

  it('keeps the focus on 支払バッチを準備する while it prepares (aria-disabled, not disabled) and ignores a second press', async () => {
    const page = await s.newPage({ width: 1280, height: 900 });
    await s.signIn(page, 'admin@example.com');
    await page.goto('/admin/payouts');
    await hydrated(page);
    const first = page.locator('[data-testid="payout-batches"] tbody tr[data-testid^="batch-"]').first();
    await first.waitFor();
    // A month already prepared: preparing it again changes nothing.
    const month = ((await first.getAttribute('data-testid')) ?? '').replace('batch-', '');
    await page.fill('#payout-month', month);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent = 0;
    await page.route('**/api/v1/admin/payouts', async (route) => {
      if (route.request().method() === 'POST') sent++;
      await held;
      await route.continue();
    });
    const button = page.getByTestId('prepare-batch');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-disabled')).toBe('true');
    // Playwright's isDisabled() counts aria-disabled too: the DOM property says the button is not disabled.
    expect(await button.evaluate((el: HTMLButtonElement) => el.disabled)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('prepare-batch');
    // A second press while it prepares sends nothing more.
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('prepare-batch');
    release();
    await expect.poll(() => page.getByTestId('payout-notice').textContent()).toBe(`${month} の支払バッチはすでに準備済みです`);
    expect(await button.getAttribute('aria-disabled')).toBeNull();
    expect(sent).toBe(1);
    // The prepared batch's panel opens and takes the focus (its heading), never <body>.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('payout-detail-title');
    await page.unroute('**/api/v1/admin/payouts');
  });

  it('opens a batch from the keyboard: the month is a button named by it, which says which panel it opened', async () => {
    const page = await s.newPage({ width: 1280, height: 900 });
    await s.signIn(page, 'admin@example.com');
    await page.goto('/admin/payouts');
    await hydrated(page);
    const first = page.locator('[data-testid="payout-batches"] tbody tr[data-testid^="batch-"]').first();
    await first.waitFor();
    const month = ((await first.getAttribute('data-testid')) ?? '').replace('batch-', '');
    const open = first.getByRole('button', { name: `${month} の支払明細を開く`, exact: true });
    expect(await open.getAttribute('aria-expanded')).toBe('false');
    const controls = await open.getAttribute('aria-controls');
    expect(controls).toBeTruthy();

    // Tab from 支払バッチを準備する reaches the first row's button.
    await page.getByTestId('prepare-batch').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`${month} の支払明細を開く`);

    // Enter opens the panel: its heading has the focus, and the button says it is expanded and names the panel.
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('payout-detail');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('payout-detail-title');
    // The heading says 明細 until the batch is read, then names it.
    await expect.poll(() => page.locator('#payout-detail-title').textContent()).toBe(`${month} の支払明細`);
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.getAttribute('id')).toBe(controls);

    // 閉じる (Tab from the heading): the panel goes and the focus is back on the row's button.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('閉じる');
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`${month} の支払明細を開く`);
    expect(await open.getAttribute('aria-expanded')).toBe('false');

    // Space opens it too.
    await page.keyboard.press('Space');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('payout-detail-title');
    expect(await open.getAttribute('aria-expanded')).toBe('true');
  });
});
