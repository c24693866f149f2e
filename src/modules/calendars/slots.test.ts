import { describe, expect, it } from 'vitest';
import { bookingClosed, deadlineAt, fewSeatsThreshold, reservationUrl, slotStarted, slotView, toggleSelection } from './slots';
import { slotStartIssue } from './calendar-plan.schemas';

const slot = (
  over: Partial<{
    recruitment_number: number;
    participant_number: number;
    accepting_reservation: boolean;
    reservation_deadline_at: string;
  }> = {},
) => ({
  recruitment_number: 10,
  participant_number: 0,
  accepting_reservation: true,
  reservation_deadline_at: '2026-12-05T01:00:00.000Z',
  ...over,
});
const before = Date.parse('2026-12-05T00:59:59.000Z');

describe('slotView', () => {
  it('shows the circle while 30% or more of the seats remain, the triangle below', () => {
    expect(slotView(slot({ participant_number: 7 }), { reserved: false, now: before })).toEqual({
      state: 'open',
      mark: 'circle',
      remaining: 3,
    });
    expect(slotView(slot({ participant_number: 8 }), { reserved: false, now: before })).toEqual({
      state: 'open',
      mark: 'triangle',
      remaining: 2,
    });
    // 30% of 5 is 1.5, rounded to 2: one seat left is the triangle, two the circle.
    expect(slotView(slot({ recruitment_number: 5, participant_number: 4 }), { reserved: false, now: before }).mark).toBe('triangle');
    expect(slotView(slot({ recruitment_number: 5, participant_number: 3 }), { reserved: false, now: before }).mark).toBe('circle');
    // A one-seat slot rounds the threshold to 0: circle until full.
    expect(slotView(slot({ recruitment_number: 1 }), { reserved: false, now: before }).mark).toBe('circle');
  });

  it('is inactive when not accepting, full, or at/after the deadline', () => {
    expect(slotView(slot({ accepting_reservation: false }), { reserved: false, now: before }).state).toBe('inactive');
    expect(slotView(slot({ participant_number: 10 }), { reserved: false, now: before })).toEqual({
      state: 'inactive',
      mark: null,
      remaining: 0,
    });
    expect(slotView(slot(), { reserved: false, now: Date.parse('2026-12-05T01:00:00.000Z') }).state).toBe('inactive');
  });

  it("puts the user's own reservation first, whatever else holds", () => {
    expect(slotView(slot({ participant_number: 10, accepting_reservation: false }), { reserved: true, now: before }).state).toBe(
      'reserved',
    );
  });
});

describe('fewSeatsThreshold', () => {
  it('rounds 30% of the recruitment number', () => {
    expect([1, 2, 3, 4, 5, 10, 30].map(fewSeatsThreshold)).toEqual([0, 1, 1, 1, 2, 3, 9]);
  });
});

describe('deadlineAt', () => {
  it('closes at the start time (on_the_day) or at midnight starting the day (the_day_before), Japan time', () => {
    expect(deadlineAt('2026-12-05', '10:30', 'on_the_day')).toBe('2026-12-05T01:30:00.000Z');
    expect(deadlineAt('2026-12-05', '10:30', 'the_day_before')).toBe('2026-12-04T15:00:00.000Z');
  });

  it('bookingClosed (what the reservation checks before taking money) agrees with the JSON deadline to the second', () => {
    // 23:59:59 Japan time on the day before is still bookable for the_day_before; 00:00 on the day is not.
    expect(bookingClosed('2026-12-05', '10:30', 'the_day_before', new Date('2026-12-04T14:59:59Z'))).toBe(false);
    expect(bookingClosed('2026-12-05', '10:30', 'the_day_before', new Date('2026-12-04T15:00:00Z'))).toBe(true);
    // on_the_day: bookable until the start time (Japan time), closed from then on.
    expect(bookingClosed('2026-12-05', '10:30', 'on_the_day', new Date('2026-12-05T01:29:59Z'))).toBe(false);
    expect(bookingClosed('2026-12-05', '10:30', 'on_the_day', new Date('2026-12-05T01:30:00Z'))).toBe(true);
    // An unknown rule is the stricter one.
    expect(bookingClosed('2026-12-05', '10:30', 'whatever', new Date('2026-12-04T15:00:00Z'))).toBe(true);
  });
});

describe('toggleSelection', () => {
  it('toggles ids and refuses the 31st', () => {
    let selected: number[] = [];
    for (let id = 1; id <= 30; id++) selected = toggleSelection(selected, id, 30).selected;
    expect(selected).toHaveLength(30);
    const refused = toggleSelection(selected, 31, 30);
    expect(refused.refused).toBe(true);
    expect(refused.selected).toBe(selected);
    expect(toggleSelection(selected, 5, 30)).toEqual({ selected: selected.filter((id) => id !== 5), refused: false });
  });

  it('builds the reservation link with comma-separated ids', () => {
    expect(reservationUrl(9, [3, 1, 2])).toBe('/reservations/new?cid=3,1,2&tour_id=9');
  });
});

describe('slotStarted', () => {
  it('is true from the start time in Japan on, whatever the instant is in UTC', () => {
    // 2026-12-10 10:00 in Japan is 01:00 UTC the same day; 2026-12-11 08:00 in Japan is still the 10th in UTC.
    expect(slotStarted('2026-12-10', '10:00', new Date('2026-12-10T00:59:59Z'))).toBe(false);
    expect(slotStarted('2026-12-10', '10:00', new Date('2026-12-10T01:00:00Z'))).toBe(true);
    expect(slotStarted('2026-12-11', '08:00', new Date('2026-12-10T22:59:00Z'))).toBe(false);
    expect(slotStarted('2026-12-11', '08:00', new Date('2026-12-10T23:00:00Z'))).toBe(true);
  });

  it("names the refusal of a new date that has started (the host form's field message)", () => {
    const at2240 = new Date('2026-12-10T13:40:00Z');
    expect(slotStartIssue('2026-12-10', '22:30', at2240)).toBe('開始時刻を過ぎた日程は登録できません');
    expect(slotStartIssue('2026-12-10', '23:00', at2240)).toBeNull();
    expect(slotStartIssue('2026-12-11', '06:00', at2240)).toBeNull();
  });
});
