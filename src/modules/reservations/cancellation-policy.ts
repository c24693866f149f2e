// The cancellation policy, pure: a full refund until the end of the day (Japan time) that is `days`
// days before the first booked slot's date, no refund after that, no cancellation once the first booked slot has
// started. "開催日の2日前まで全額返金" for a slot on 12/10 means: until 12/8 23:59:59 in Japan, whatever the
// server's TZ. A reservation of several slots counts from its first slot. Server-only.
import { addDays, japanInstant } from '#src/lib/isomorphic/dates';
import { inTimeOrder, slotStarted, slotStartsAt } from '#src/modules/calendars/slots';

export interface SlotTime {
  date: string;
  start_time: string;
}

export interface CancellationTerms {
  policyDays: number;
  /** The last date (Japan time, 'yyyy-MM-dd') on which cancelling refunds in full. */
  lastFullRefundDate: string;
  /** The first instant at which cancelling no longer refunds (00:00 Japan time the day after lastFullRefundDate). */
  deadlineAt: Date;
  firstSlotStartsAt: Date;
  /** The first booked slot has started: no cancellation any more. */
  started: boolean;
  fullRefund: boolean;
  refundAmount: number;
}

/** The earliest slot (date, then start time). */
export function firstSlotOf<T extends SlotTime>(slots: readonly T[]): T {
  if (slots.length === 0) throw new Error('a reservation without slots');
  return inTimeOrder(slots)[0];
}

export function cancellationTerms(input: { policyDays: number; slots: readonly SlotTime[]; total: number; now: Date }): CancellationTerms {
  const first = firstSlotOf(input.slots);
  const lastFullRefundDate = addDays(first.date, -input.policyDays);
  const deadlineAt = japanInstant(addDays(lastFullRefundDate, 1), '00:00');
  const firstSlotStartsAt = slotStartsAt(first.date, first.start_time);
  const started = slotStarted(first.date, first.start_time, input.now);
  const fullRefund = !started && input.now.getTime() < deadlineAt.getTime();
  return {
    policyDays: input.policyDays,
    lastFullRefundDate,
    deadlineAt,
    firstSlotStartsAt,
    started,
    fullRefund,
    refundAmount: fullRefund ? input.total : 0,
  };
}
