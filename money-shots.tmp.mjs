import { chromium } from 'playwright-core';
const base = 'http://localhost:3106';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function shoot(email, url, name, extra) {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const res = await context.request.post(`${base}/api/v1/sessions`, { data: { email, password: 'password1234' }, headers: { Origin: base } });
    if (res.status() !== 201) throw new Error(`sign in ${email}: ${res.status()}`);
    const page = await context.newPage();
    await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
    if (extra) await extra(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/money-shots/${name}-${width}.png`, fullPage: true });
    await context.close();
  }
}
const which = process.argv[2] ?? 'all';
if (which === 'all' || which === 'host') await shoot('host@example.com', process.argv[3] ?? '/host/earnings', 'host-earnings');
if (which === 'all' || which === 'admin')
  await shoot('admin@example.com', '/admin/payouts', 'admin-payouts', async (page) => {
    await page.waitForSelector('[data-testid="payout-batches"] tbody tr');
    await page.locator('[data-testid="payout-batches"] tbody tr').first().click();
    await page.waitForSelector('[data-testid="payout-items"]');
  });
await browser.close();
