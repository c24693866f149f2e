// The guest's unsent answers on the booking form (party size, option, coupon, message), kept for this tab in
// sessionStorage under the booking's URL (its experience and dates) and the signed-in account: Back and Forward, or
// a reload, load the form again (+Page.tsx reloads a copy the browser kept), and the form then shows what was typed.
// Another account signed in on the same tab does not see them. The card's fields are the payment stand-in's (or
// Stripe's) own and never part of these values. A booking made and the error screen (dates that can no longer be
// booked) remove the draft, so nothing of it comes back.
import { usePageContext } from 'vike-react/usePageContext';
import { withSession } from '#src/lib/isomorphic/session-storage';
import type { ReservationForm } from '#src/modules/reservations/reservations.schemas';
import type { ContentValues } from './ContentSection';

/** The draft's key: the account, and the booking's experience and dates as the URL names them (other parameters
 * left out: the card authentication's return adds one to the same booking). */
export function useDraftKey(): string {
  const { user, urlParsed } = usePageContext();
  return `booking-draft:${user?.id}:${urlParsed.search.tour_id}:${urlParsed.search.cid}`;
}

export function keepDraft(key: string, values: ContentValues): void {
  withSession((storage) => storage.setItem(key, JSON.stringify(values)));
}

export function dropDraft(key: string): void {
  withSession((storage) => storage.removeItem(key));
}

/**
 * The kept answers over `values`, or null when nothing is kept. An option the experience no longer offers is left
 * unchosen, and a キャンセル待ち offer keeps its own party size; a party larger than the seats now left is restored
 * as it was, for the quote to refuse at the field like a choice that became too large.
 */
export function restoredDraft(key: string, form: ReservationForm, values: ContentValues): ContentValues | null {
  const kept = withSession((storage): Partial<ContentValues> | null => JSON.parse(storage.getItem(key) ?? 'null'));
  if (!kept) return null;
  const { people, optionId, coupon, message } = kept;
  return {
    people: !form.waitlist_offer && Number.isInteger(people) && (people as number) > 0 ? (people as number) : values.people,
    optionId: form.experience.options.some((o) => o.id === optionId) ? (optionId as number) : null,
    coupon: typeof coupon === 'string' ? coupon : '',
    message: typeof message === 'string' ? message : '',
  };
}
