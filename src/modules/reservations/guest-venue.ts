// What a guest is shown of where an experience takes place: the one rule the reservation page (the guest's reservation
// JSON), the booking form, the confirmation mail, the reminder and the .ics files all follow, so none of them reveals
// more, or sooner, than the page does.
//  - The address only when the host lets it be displayed to guests (「予約した方に住所を表示する」); otherwise the
//    host announces the place themselves.
//  - The online URL only to the guest of a confirmed reservation, from 00:00 Japan time the day before its first slot.
// Pure; server-only (the page reads the result through its JSON).
import { joinAddress } from '#src/lib/isomorphic/address';
import { addDays, japanInstant } from '#src/lib/isomorphic/dates';

export interface VenueOfExperience {
  online: boolean;
  onlineUrl?: string | null;
  address?: string | null;
  addressDisplayable: boolean;
  prefecture?: { name: string } | null;
}

/** The address a guest may read (null when online or not displayed), with its prefecture. */
export interface ShownAddress {
  address: string | null;
  state: string | null;
}

export interface GuestVenue extends ShownAddress {
  online: boolean;
  /** The online URL when the guest may see it at the given instant, else null. */
  onlineUrl: string | null;
  /** When the online URL becomes visible (online experiences only). */
  onlineUrlFrom: Date | null;
}

/** The address as shown to guests before and after booking: only when the host displays it. */
export function shownAddress(e: VenueOfExperience): ShownAddress {
  const shown = !e.online && e.addressDisplayable;
  return { address: shown ? (e.address ?? null) : null, state: shown ? (e.prefecture?.name ?? null) : null };
}

/** The venue of a reservation as its guest sees it at `now`. `firstDate`: its first slot's date ('yyyy-MM-dd'). */
export function guestVenue(e: VenueOfExperience, reservation: { status: string; firstDate: string | null }, now: Date): GuestVenue {
  const onlineUrlFrom = e.online && reservation.firstDate ? japanInstant(addDays(reservation.firstDate, -1), '00:00') : null;
  const showUrl = onlineUrlFrom !== null && reservation.status === 'confirmed' && now.getTime() >= onlineUrlFrom.getTime();
  return {
    ...shownAddress(e),
    online: e.online,
    onlineUrl: showUrl ? (e.onlineUrl ?? null) : null,
    onlineUrlFrom,
  };
}

/** The address on one line, the prefecture first (addresses usually start with it already); null when not shown. */
export function addressLine(v: ShownAddress): string | null {
  if (!v.address) return null;
  return joinAddress(v.state, v.address);
}
