import { describe, expect, it } from 'vitest';
import { pdfText } from '#tests/factories/pdf';
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
});
