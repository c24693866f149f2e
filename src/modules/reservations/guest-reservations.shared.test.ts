import { describe, expect, it } from 'vitest';
import type { CancellationInfo } from './guest-reservations.schemas';
import { cancelledNotice, refundDeadlineNote } from './guest-reservations.shared';

/** The parts of POST /api/v1/reservations/{id}/cancellation's answer the notice reads. */
function answer(total: number, cancellation: Pick<CancellationInfo, 'refund_amount' | 'refund_status'>) {
  return {
    id: 42,
    title: '藍染め体験',
    amounts: { tour: total, discount: 0, option: 0, service_fee: 0, processing_fee: 0, total },
    cancellation: { cancelled_at: '2030-01-10T01:00:00.000Z', cancelled_by: 'guest' as const, reason: null, ...cancellation },
  };
}

describe('cancelledNotice (what the guest reads after cancelling)', () => {
  it('names the experience and the reservation number, then the refund made', () => {
    expect(cancelledNotice(answer(4344, { refund_amount: 4344, refund_status: 'succeeded' }))).toBe(
      '「藍染め体験」のご予約（予約番号 42）をキャンセルしました。¥4,344 を返金しました。ご返金はお支払いに使われたカードへ行います。カード会社によって反映までに日数がかかる場合があります。',
    );
  });

  it('says a refund the gateway has not confirmed yet is under way, never that it was made', () => {
    expect(cancelledNotice(answer(12000, { refund_amount: 12000, refund_status: 'pending' }))).toBe(
      '「藍染め体験」のご予約（予約番号 42）をキャンセルしました。¥12,000 の返金を手続きしています。返金が済むと、この予約の状態が「返金済み」になります。',
    );
  });

  it('says there is no refund past the deadline, and nothing to return for a free reservation', () => {
    expect(cancelledNotice(answer(4344, { refund_amount: 0, refund_status: null }))).toBe(
      '「藍染め体験」のご予約（予約番号 42）をキャンセルしました。全額返金の期限を過ぎていたため、返金はありません。',
    );
    expect(cancelledNotice(answer(0, { refund_amount: 0, refund_status: null }))).toBe(
      '「藍染め体験」のご予約（予約番号 42）をキャンセルしました。無料の予約のため、返金はありません。',
    );
  });
});

describe('refundDeadlineNote (the cancellation policy section and the cancel dialog)', () => {
  const deadline_label = '2026年11月25日(水) 23:59';

  it('says what cancelling until the deadline refunds while it is ahead', () => {
    expect(refundDeadlineNote({ deadline_label, full_refund: true })).toBe(
      '2026年11月25日(水) 23:59までのキャンセルは全額返金されます。それ以降は返金されません。',
    );
  });

  it('says the deadline has passed and there is no refund once it has', () => {
    expect(refundDeadlineNote({ deadline_label, full_refund: false })).toBe(
      '全額返金の期限（2026年11月25日(水) 23:59）を過ぎているため、返金はありません。',
    );
  });
});
