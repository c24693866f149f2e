import { describe, expect, it } from 'vitest';
import { pdfText, pdfTextRuns } from '#tests/factories/pdf';
import { renderReceiptPdf, type ReceiptDocument } from './receipt-pdf';

const receipt: ReceiptDocument = {
  number: 'R00000042',
  reissue: false,
  firstIssuedOn: '2026-11-20',
  issuedOn: '2026-11-20',
  addressee: '山田 太郎',
  purpose: '体験料として',
  amount: 5430,
  paidOn: '2026-11-19',
  reservationId: 7,
  experienceTitle: '和菓子づくり',
  dates: ['2026-12-05', '2026-12-06'],
  refund: null,
  issuer: { name: '株式会社テスト', address: '東京都港区1-1', registrationNumber: 'T7000012050002' },
};

describe('the receipt PDF', () => {
  it('prints the transaction, the tax at its rate and the issuer', async () => {
    const text = await pdfText(await renderReceiptPdf(receipt));
    expect(text).toContain('No. R00000042');
    expect(text).toContain('発行日 2026年11月20日');
    expect(text).toContain('山田 太郎 様');
    expect(text).toContain('¥5,430-');
    // 5430 × 10 / 110 = 493.6…
    expect(text).toContain('10% ¥5,430 ¥493');
    expect(text).toContain('お支払日 2026年11月19日');
    expect(text).toContain('開催日 2026年12月5日、2026年12月6日');
    expect(text).toContain('株式会社テスト');
    expect(text).toContain('登録番号 T7000012050002');
    expect(text).not.toContain('再発行');
  });

  it('dates a re-issue and says when a refund is still being processed', async () => {
    const bytes = await renderReceiptPdf({ ...receipt, reissue: true, issuedOn: '2026-11-25', refund: { amount: 5430, refundedOn: null } });
    const text = await pdfText(bytes);
    expect(text).toContain('再発行');
    expect(text).toContain('発行日 2026年11月20日');
    expect(text).toContain('再発行日 2026年11月25日');
    expect(text).toContain('返金額（税込） ¥5,430');
    expect(text).toContain('返金日 返金手続き中');
    expect(text).toContain('差引お支払額（税込） ¥0');
    expect(bytes.length).toBeLessThan(100_000);
  });

  it('keeps a partial refund and what remains consistent: the taxes add up', async () => {
    const text = await pdfText(await renderReceiptPdf({ ...receipt, refund: { amount: 1000, refundedOn: '2026-11-21' } }));
    // 5430 → 493; 1000 → 90; what remains, 4430, carries 493 − 90 = 403.
    expect(text).toContain('返金額（税込） ¥1,000');
    expect(text).toContain('うち消費税（10%） ¥90');
    expect(text).toContain('返金日 2026年11月21日');
    expect(text).toContain('差引お支払額（税込） ¥4,430');
    expect(text).toContain('うち消費税（10%） ¥403');
  });

  it('wraps an addressee as long as an account name (100 characters) inside its column, and moves the amount below it', async () => {
    const names = [
      '長'.repeat(100),
      // Latin without a space to break at: a run longer than the column is broken inside the word.
      `Maximilianus-${'Wolfeschlegelsteinhausenbergerdorff'.repeat(3)}`.slice(0, 100),
    ];
    for (const addressee of names) {
      const runs = await pdfTextRuns(await renderReceiptPdf({ ...receipt, reissue: true, issuedOn: '2026-11-25', addressee }));
      // The addressee's lines: from the left margin (48 pt), below the title and above the amount's label.
      const amount = runs.find((run) => run.text === '金額');
      const lines = runs.filter((run) => run.x === 48 && run.y > 100 && amount && run.y < amount.y);
      expect(lines.map((line) => line.text).join('')).toBe(`${addressee} 様`);
      expect(lines.length).toBeGreaterThanOrEqual(2);
      for (const line of lines) {
        // Inside the addressee's 290 pt, left of the number and dates on the right (from 547 − 200 = 347 pt).
        expect(line.x + line.width).toBeLessThanOrEqual(48 + 290);
        expect(line.size).toBeGreaterThanOrEqual(9);
      }
      // Lines apart enough to read: baselines at least 1.3 times the size apart.
      for (const [i, line] of lines.slice(1).entries()) expect(line.y - lines[i].y).toBeGreaterThanOrEqual(line.size * 1.3);
      const meta = runs.filter((run) => /^(No\.|発行日|再発行日)/.test(run.text));
      expect(meta).toHaveLength(3);
      for (const run of meta) expect(run.x).toBeGreaterThan(48 + 290);
      // The amount's band starts below the addressee's last line.
      expect(amount?.y).toBeGreaterThan(Math.max(...lines.map((line) => line.y)) + 20);
    }
  });
});
