// The guest's unsent answers on the booking form (party size, option, coupon, message), kept for this tab in
// sessionStorage under the booking's URL (its experience and dates): Back and Forward, or a reload, load the form
// again (+Page.tsx reloads a copy the browser kept), and the form then shows what was typed. The card's fields are
// the payment stand-in's (or Stripe's) own and never part of these values. A booking made and the error screen
// (dates that can no longer be booked) remove the draft, so nothing of it comes back.
import { readSession, writeSession } from '#src/lib/isomorphic/session-storage';
import type { ReservationForm } from '#src/modules/reservations/reservations.schemas';
import type { ContentValues } from './ContentSection';

/** The draft's key: the booking's experience and dates as the URL names them (other parameters left out). */
function draftKey(): string {
  const search = new URLSearchParams(window.location.search);
  return `booking-draft:${search.get('tour_id')}:${search.get('cid')}`;
}

export function keepDraft(values: ContentValues): void {
  writeSession(draftKey(), JSON.stringify(values));
}

export function dropDraft(): void {
  writeSession(draftKey(), null);
}

/**
 * The kept answers over `values`, or null when nothing is kept. An option the experience no longer offers is left
 * unchosen, and a キャンセル待ち offer keeps its own party size; a party larger than the seats now left is restored
 * as it was, for the quote to refuse at the field like a choice that became too large.
 */
export function restoredDraft(form: ReservationForm, values: ContentValues): ContentValues | null {
  let kept: Partial<ContentValues>;
  try {
    kept = JSON.parse(readSession(draftKey()) ?? 'null');
  } catch {
    return null;
  }
  if (!kept) return null;
  const { people, optionId, coupon, message } = kept;
  return {
    people: !form.waitlist_offer && Number.isInteger(people) && (people as number) > 0 ? (people as number) : values.people,
    optionId: form.experience.options.some((o) => o.id === optionId) ? (optionId as number) : null,
    coupon: typeof coupon === 'string' ? coupon : '',
    message: typeof message === 'string' ? message : '',
  };
}
