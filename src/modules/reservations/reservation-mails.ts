// The confirmation mail to the guest and the notice to the host (Japanese plain text), and the cancellation mails.
// Pure: the service loads the data and enqueues the result in the transaction that confirms or cancels the
// reservation. Every reservation mail links to where its reader acts on it: the guest to the reservation
// (/reservations/{id}), the host to the host's reservations (/host/reservations); dates are listed in time order
// (inTimeOrder). A URL always ends its line (after 「: 」), so no mail program takes the text after it into the link.
//
// Each side reads its own figures: the guest what the reservation page shows (the venue by guest-venue.ts, the amounts
// they paid), the host what /host/earnings shows for the reservation (earnings.repository.ts).
import { formatDateJa } from '#src/lib/isomorphic/dates';
import { formatYen } from '#src/lib/isomorphic/money';
import * as ja from '#src/i18n/ja';
import type { OutgoingMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import type { MailFooter } from '#src/modules/mail/mail.schemas';
import type { ReservationEarning } from '#src/modules/earnings/earnings.repository';
import { icsAttachment, reservationSlotUid, type IcsEvent, type IcsMethod } from '#src/lib/ics';
import { inTimeOrder } from '#src/modules/calendars/slots';
import { addressLine, type GuestVenue } from './guest-venue';
import type { PriceQuote } from './pricing';

export interface ReservationMailData {
  reservationId: number;
  experienceId: number;
  title: string;
  guest: { name: string; email: string };
  /** footer: 'user' for a host user; null for an ambassador's or the office's address. */
  host: { name: string; email: string; footer: MailFooter };
  slots: { id: number; date: string; start_time: string; end_time: string }[];
  numberOfPeople: number;
  optionName: string | null;
  couponCode: string | null;
  amounts: PriceQuote;
  /** The venue as the reservation page shows it when the mail is written. */
  venue: GuestVenue;
  /** The day-before reminder of the first slot will go to the guest and carry the online URL (the page shows it by then). */
  reminderCarriesUrl: boolean;
  /** The host's earning for the reservation as /host/earnings shows it (null: none recorded). */
  earning: ReservationEarning | null;
  cancellationPeriod: number;
  messageToHost: string | null;
  appUrl: string;
}

const m = ja.reservationMail;

/** Nothing was paid (a free experience, or a coupon covering everything): no refund applies, as on the reservation page. */
const nothingPaid = (data: ReservationMailData) => data.amounts.total === 0;

/** A free experience: no fee and no option to pay, so no amounts for either side. */
const freeExperience = (data: ReservationMailData) => data.amounts.tour + data.amounts.option === 0;

function schedule(data: ReservationMailData): string {
  return inTimeOrder(data.slots)
    .map((s) => `  ${formatDateJa(s.date)} ${ja.reservations.timeRange(s.start_time, s.end_time)}`)
    .join('\n');
}

/**
 * The venue lines of a guest's mail (the confirmation and the reminder): the address or the online URL only when the
 * reservation page shows it, else what the page says instead (the host announces the place; the date the URL appears).
 */
export function venueLines(venue: GuestVenue, reminderCarriesUrl: boolean): string[] {
  if (!venue.online) return [m.venue(addressLine(venue) ?? m.toBeAnnounced)];
  if (venue.onlineUrl) return [m.venue(m.online), m.onlineUrl(venue.onlineUrl)];
  if (!venue.onlineUrlFrom) return [m.venue(m.online)];
  const from = formatDateJa(venue.onlineUrlFrom);
  return [m.venue(m.online), reminderCarriesUrl ? m.onlineUrlLaterWithReminder(from) : m.onlineUrlLater(from)];
}

/** The guest's bill; a free experience has none. */
function guestAmounts(data: ReservationMailData): string {
  if (freeExperience(data)) return m.free;
  const a = data.amounts;
  const lines = [`  ${ja.reservations.tourFee}: ${formatYen(a.tour)}`];
  if (a.discount > 0)
    lines.push(`  ${ja.reservations.discount}${data.couponCode ? `（${data.couponCode}）` : ''}: -${formatYen(a.discount)}`);
  if (a.option > 0 || data.optionName) lines.push(`  ${ja.reservations.optionFee}: ${formatYen(a.option)}`);
  lines.push(`  ${ja.reservations.serviceFee}: ${formatYen(a.service_fee)}`);
  lines.push(`  ${ja.reservations.processingFee}: ${formatYen(a.processing_fee)}`);
  lines.push(`  ${ja.reservations.total}: ${formatYen(a.total)}`);
  return m.amounts(lines.join('\n'));
}

/** The host's side: the experience fee and option, the commission and what the host receives (the ledger's figures). */
function hostEarning(data: ReservationMailData): string | null {
  if (freeExperience(data)) return m.hostFree;
  const a = data.amounts;
  const e = data.earning;
  if (!e) return null;
  const lines = [`  ${ja.reservations.tourFee}: ${formatYen(a.tour)}`];
  if (a.option > 0 || data.optionName) lines.push(`  ${ja.reservations.optionFee}: ${formatYen(a.option)}`);
  lines.push(`  ${m.commission}: -${formatYen(e.commission)}`);
  lines.push(`  ${m.earning}: ${formatYen(e.earning)}`);
  return m.hostEarning(lines.join('\n'));
}

const reservationUrl = (data: ReservationMailData) => `${data.appUrl}/reservations/${data.reservationId}`;
const hostReservationsUrl = (data: ReservationMailData) => `${data.appUrl}/host/reservations`;
const contact = (data: ReservationMailData) => [m.contactHint, m.contactLink(`${data.appUrl}/inquiry`)];

/** The option booked, or no line when none was. */
export const optionLine = (optionName: string | null) => (optionName ? m.option(optionName) : null);

export function buildReservationMails(data: ReservationMailData): OutgoingMail[] {
  const guestText = mailText({
    name: data.guest.name,
    baseUrl: data.appUrl,
    body: [
      m.guestThanks(data.title),
      m.guestConfirmed,
      '',
      m.reservationNumber(data.reservationId),
      m.experience(data.title),
      m.schedule(schedule(data)),
      m.people(data.numberOfPeople),
      optionLine(data.optionName),
      ...venueLines(data.venue, data.reminderCarriesUrl),
      guestAmounts(data),
      data.messageToHost ? m.messageToHost(data.messageToHost) : null,
      '',
      nothingPaid(data) ? null : m.cancellationPolicy(ja.reservations.cancellationPolicyName(data.cancellationPeriod)),
      ja.guestReservations.mailDetailLink(reservationUrl(data)),
      m.experienceLink(`${data.appUrl}/stories/${data.experienceId}`),
      ...contact(data),
    ],
  });

  const hostText = mailText({
    name: data.host.name,
    baseUrl: data.appUrl,
    body: [
      m.hostNewReservation(data.title),
      '',
      m.booker(data.guest.name),
      m.reservationNumber(data.reservationId),
      m.experience(data.title),
      m.schedule(schedule(data)),
      m.people(data.numberOfPeople),
      optionLine(data.optionName),
      hostEarning(data),
      m.messageToHost(data.messageToHost ?? m.noMessage),
      '',
      m.hostPrepare,
      ja.reminderMail.hostList(hostReservationsUrl(data)),
    ],
  });

  return [
    {
      dedupeKey: `reservation:${data.reservationId}:guest`,
      to: data.guest.email,
      footer: 'user',
      subject: ja.reservations.mailGuestSubject(data.title),
      text: guestText,
      attachments: [reservationIcs(data, 'PUBLISH')],
    },
    {
      dedupeKey: `reservation:${data.reservationId}:host`,
      to: data.host.email,
      footer: data.host.footer,
      subject: ja.reservations.mailHostSubject(data.title),
      text: hostText,
    },
  ];
}

/**
 * One booked slot as a calendar event (the confirmation's, the reminder's and the cancellation's: one UID per
 * reservation slot). The location is what the reservation page shows: the address when displayed, else none; an
 * online experience's only says "online" (its URL is on the reservation page from the day before).
 */
export function slotEvent(
  input: { reservationId: number; title: string; venue: GuestVenue; appUrl: string },
  slot: { id: number; date: string; start_time: string; end_time: string },
): IcsEvent {
  const detailUrl = `${input.appUrl}/reservations/${input.reservationId}`;
  return {
    uid: reservationSlotUid(input.reservationId, slot.id, new URL(input.appUrl).hostname || 'localhost'),
    date: slot.date,
    startTime: slot.start_time,
    endTime: slot.end_time,
    summary: ja.guestReservations.icsSummary(input.title),
    description: ja.guestReservations.icsDescription(detailUrl),
    location: input.venue.online ? ja.guestReservations.icsOnline : (addressLine(input.venue) ?? undefined),
    url: detailUrl,
  };
}

/** The reservation's slots as an .ics (PUBLISH when confirmed, CANCEL with the same UIDs when cancelled). */
export function reservationIcs(data: ReservationMailData, method: IcsMethod) {
  return icsAttachment({ method, events: inTimeOrder(data.slots).map((slot) => slotEvent(data, slot)) });
}

/** What became of the seats a guest's cancellation gave back (cancellation.ts): the host's notice says it. */
export type FreedSeats = 'offered' | 'offered_and_open' | 'open' | 'closed';

/** Who cancelled: the guest, the host (a whole slot), or an operator for the guest (the administrator area, the CLI). */
export type CancelledBy = 'guest' | 'host' | 'operator';

export interface CancellationMailData extends ReservationMailData {
  by: CancelledBy;
  reason: string | null;
  refundAmount: number;
  seats: FreedSeats;
}

const SEATS: Record<FreedSeats, string> = {
  offered: m.seatsOffered,
  offered_and_open: m.seatsOfferedAndOpen,
  open: m.seatsOpen,
  closed: m.seatsClosed,
};

/**
 * The guest's refund line: none when nothing was paid; a host's cancellation always refunds, a guest's own late one
 * (or an operator's that follows the policy) is refused by the policy.
 */
function guestRefund(data: CancellationMailData): string | null {
  if (nothingPaid(data)) return null;
  if (data.by !== 'host' && data.refundAmount === 0) return ja.guestReservations.mailRefundNone;
  return ja.guestReservations.mailRefund(formatYen(data.refundAmount));
}

/** The host's lines on the money: the guest's refund and what the host keeps (the ledger after the reversal). */
function hostMoney(data: CancellationMailData): string[] {
  const refund = nothingPaid(data)
    ? m.guestPaidNothing
    : data.refundAmount > 0
      ? m.guestRefund(formatYen(data.refundAmount))
      : m.guestRefundNone;
  const e = data.earning;
  if (!e || e.earned === 0) return [refund];
  const earning =
    e.earning === e.earned
      ? m.earningKept(formatYen(e.earning))
      : e.earning === 0
        ? m.earningReversed
        : m.earningPartlyKept(formatYen(e.earning));
  return [refund, earning];
}

/** The reason line of a cancellation someone else made for the guest: the host's or the operator's. */
function reasonLine(data: CancellationMailData): string | null {
  if (!data.reason || data.by === 'guest') return null;
  return data.by === 'host' ? ja.guestReservations.mailReason(data.reason) : ja.guestReservations.mailOperatorReason(data.reason);
}

/**
 * The guest's cancellation mail (.ics CANCEL attached) and, for a cancellation of one reservation (by the guest or an
 * operator), the host's notice; a host who cancels a whole slot gets one notice for it (slot-cancellation-mail.ts).
 */
export function buildCancellationMails(data: CancellationMailData): OutgoingMail[] {
  const c = ja.guestReservations;
  const opening = { host: c.mailSlotCancelled, guest: c.mailGuestCancelled, operator: c.mailOperatorCancelled }[data.by];
  const subject = { host: c.mailGuestSlotCancelSubject, guest: c.mailGuestCancelSubject, operator: c.mailOperatorCancelSubject }[data.by];
  const guestText = mailText({
    name: data.guest.name,
    baseUrl: data.appUrl,
    body: [
      opening(data.title),
      '',
      reasonLine(data),
      m.reservationNumber(data.reservationId),
      m.experience(data.title),
      m.schedule(schedule(data)),
      m.people(data.numberOfPeople),
      guestRefund(data),
      data.refundAmount > 0 ? c.mailRefundNote : null,
      '',
      c.mailDetailLink(reservationUrl(data)),
      ...contact(data),
    ],
  });
  const mails: OutgoingMail[] = [
    {
      dedupeKey: `reservation:${data.reservationId}:cancel:guest`,
      to: data.guest.email,
      footer: 'user',
      subject: subject(data.title),
      text: guestText,
      attachments: [reservationIcs(data, 'CANCEL')],
    },
  ];
  if (data.by !== 'host') {
    const hostText = mailText({
      name: data.host.name,
      baseUrl: data.appUrl,
      body: [
        data.by === 'guest' ? m.hostCancelled(data.title, data.guest.name) : m.hostOperatorCancelled(data.title, data.guest.name),
        reasonLine(data),
        SEATS[data.seats],
        '',
        m.reservationNumber(data.reservationId),
        m.schedule(schedule(data)),
        m.people(data.numberOfPeople),
        ...hostMoney(data),
        '',
        ja.reminderMail.hostList(hostReservationsUrl(data)),
      ],
    });
    mails.push({
      dedupeKey: `reservation:${data.reservationId}:cancel:host`,
      to: data.host.email,
      footer: data.host.footer,
      subject: c.mailHostCancelSubject(data.title),
      text: hostText,
    });
  }
  return mails;
}
