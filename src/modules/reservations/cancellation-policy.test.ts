import { describe, expect, it } from 'vitest';
import { cancellationTerms, firstSlotOf } from './cancellation-policy';

const slots = [
  { date: '2026-12-11', start_time: '09:00' },
  { date: '2026-12-10', start_time: '14:00' },
  { date: '2026-12-10', start_time: '10:00' },
];

describe('cancellationTerms', () => {
  it('counts from the first booked slot', () => {
    expect(firstSlotOf(slots)).toEqual({ date: '2026-12-10', start_time: '10:00' });
  });

  it('refunds in full until 23:59:59 Japan time of the day N days before, nothing after', () => {
    const before = cancellationTerms({ policyDays: 2, slots, total: 5400, now: new Date('2026-12-08T14:59:59.999Z') });
    expect(before).toMatchObject({ lastFullRefundDate: '2026-12-08', fullRefund: true, refundAmount: 5400, started: false });
    expect(before.deadlineAt.toISOString()).toBe('2026-12-08T15:00:00.000Z');
    const after = cancellationTerms({ policyDays: 2, slots, total: 5400, now: new Date('2026-12-08T15:00:00.000Z') });
    expect(after).toMatchObject({ fullRefund: false, refundAmount: 0, started: false });
  });

  it('knows when the first slot has started (Japan time)', () => {
    const started = cancellationTerms({ policyDays: 30, slots, total: 5400, now: new Date('2026-12-10T01:00:00.000Z') });
    expect(started).toMatchObject({ started: true, refundAmount: 0 });
    expect(started.firstSlotStartsAt.toISOString()).toBe('2026-12-10T01:00:00.000Z');
    expect(cancellationTerms({ policyDays: 30, slots, total: 5400, now: new Date('2026-12-10T00:59:59.000Z') }).started).toBe(false);
    expect(cancellationTerms({ policyDays: 30, slots, total: 1, now: new Date('2026-11-09T14:59:59.000Z') }).refundAmount).toBe(1);
  });
});
