// The confirmation mail to the guest and the notice to the host (Japanese plain text). Pure: the service loads the
// data and enqueues the result in the transaction that confirms the reservation. Every reservation mail links to
// where its reader acts on it: the guest to the reservation (/reservations/{id}), the host to the host's
// reservations (/host/reservations); dates are listed in time order (inTimeOrder).
import { formatDateJa } from '#src/lib/isomorphic/dates';
import { formatYen } from '#src/lib/isomorphic/money';
import * as ja from '#src/i18n/ja';
import type { OutgoingMail } from '#src/modules/mail/mail.outbox';
import type { MailFooter } from '#src/modules/mail/mail.schemas';
import { icsAttachment, reservationSlotUid, type IcsMethod } from '#src/lib/ics';
import { inTimeOrder } from '#src/modules/calendars/slots';
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
  online: boolean;
  onlineUrl: string | null;
  address: string | null;
  state: string | null;
  cancellationPeriod: number;
  messageToHost: string | null;
  appUrl: string;
}

const m = ja.reservationMail;

function schedule(data: ReservationMailData): string {
  return inTimeOrder(data.slots)
    .map((s) => `  ${formatDateJa(s.date)} ${ja.reservations.timeRange(s.start_time, s.end_time)}`)
    .join('\n');
}

function venue(data: ReservationMailData): string {
  if (data.online) return m.onlineVenue(data.onlineUrl ?? m.toBeAnnounced);
  // Addresses usually start with the prefecture already.
  const address = data.address ?? '';
  const full = data.state && !address.startsWith(data.state) ? `${data.state}${address}` : address;
  return full || m.toBeAnnounced;
}

function amounts(data: ReservationMailData): string {
  const a = data.amounts;
  const lines = [`  ${ja.reservations.tourFee}: ${formatYen(a.tour)}`];
  if (a.discount > 0)
    lines.push(`  ${ja.reservations.discount}${data.couponCode ? `（${data.couponCode}）` : ''}: -${formatYen(a.discount)}`);
  if (a.option > 0 || data.optionName) lines.push(`  ${ja.reservations.optionFee}: ${formatYen(a.option)}`);
  lines.push(`  ${ja.reservations.serviceFee}: ${formatYen(a.service_fee)}`);
  lines.push(`  ${ja.reservations.processingFee}: ${formatYen(a.processing_fee)}`);
  lines.push(`  ${ja.reservations.total}: ${formatYen(a.total)}`);
  return lines.join('\n');
}

function details(data: ReservationMailData): string {
  return [
    m.reservationNumber(data.reservationId),
    m.experience(data.title),
    m.schedule(schedule(data)),
    m.people(data.numberOfPeople),
    m.option(data.optionName ?? ja.reservations.noOption),
    m.venue(venue(data)),
    m.amounts(amounts(data)),
  ].join('\n');
}

const reservationUrl = (data: ReservationMailData) => `${data.appUrl}/reservations/${data.reservationId}`;
const hostReservationsUrl = (data: ReservationMailData) => `${data.appUrl}/host/reservations`;

const footer = (data: ReservationMailData) => `--\n${ja.site.name}\n${data.appUrl}\n`;

export function buildReservationMails(data: ReservationMailData): OutgoingMail[] {
  const guestText = [
    m.guestName(data.guest.name),
    '',
    m.guestThanks(data.title),
    m.guestConfirmed,
    '',
    details(data),
    data.messageToHost ? m.messageToHost(data.messageToHost) : null,
    '',
    m.cancellationPolicy(ja.reservations.cancellationPolicyName(data.cancellationPeriod)),
    ja.guestReservations.mailDetailLink(reservationUrl(data)),
    m.experienceLink(`${data.appUrl}/stories/${data.experienceId}`),
    m.contactHint(`${data.appUrl}/inquiry`),
    '',
    footer(data),
  ]
    .filter((line) => line !== null)
    .join('\n');

  const hostText = [
    m.guestName(data.host.name),
    '',
    m.hostNewReservation(data.title),
    '',
    m.booker(data.guest.name),
    details(data),
    m.messageToHost(data.messageToHost ?? m.noMessage),
    '',
    m.hostPrepare,
    ja.reminderMail.hostList(hostReservationsUrl(data)),
    '',
    footer(data),
  ].join('\n');

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

/** The reservation's slots as an .ics (PUBLISH when confirmed, CANCEL with the same UIDs when cancelled); reminders attach it too. */
export function reservationIcs(data: ReservationMailData, method: IcsMethod) {
  const domain = new URL(data.appUrl).hostname || 'localhost';
  const detailUrl = reservationUrl(data);
  return icsAttachment({
    method,
    events: inTimeOrder(data.slots).map((slot) => ({
      uid: reservationSlotUid(data.reservationId, slot.id, domain),
      date: slot.date,
      startTime: slot.start_time,
      endTime: slot.end_time,
      summary: ja.guestReservations.icsSummary(data.title),
      description: ja.guestReservations.icsDescription(detailUrl),
      // The online URL is on the reservation page from the day before; the file only says "online".
      location: data.online ? ja.guestReservations.icsOnline : venue(data),
      url: detailUrl,
    })),
  });
}

export interface CancellationMailData extends ReservationMailData {
  by: 'guest' | 'host';
  reason: string | null;
  refundAmount: number;
}

/** The guest's cancellation mail (.ics CANCEL attached) and, for a guest's cancellation, the host's notice. */
export function buildCancellationMails(data: CancellationMailData): OutgoingMail[] {
  const c = ja.guestReservations;
  const detailUrl = reservationUrl(data);
  const refund = data.refundAmount > 0 ? c.mailRefund(formatYen(data.refundAmount)) : c.mailRefundNone;
  const guestText = [
    m.guestName(data.guest.name),
    '',
    data.by === 'host' ? c.mailSlotCancelled(data.title) : c.mailGuestCancelled(data.title),
    '',
    data.by === 'host' && data.reason ? c.mailReason(data.reason) : null,
    m.reservationNumber(data.reservationId),
    m.experience(data.title),
    m.schedule(schedule(data)),
    m.people(data.numberOfPeople),
    refund,
    data.refundAmount > 0 ? c.mailRefundNote : null,
    '',
    c.mailDetailLink(detailUrl),
    m.contactHint(`${data.appUrl}/inquiry`),
    '',
    footer(data),
  ]
    .filter((line) => line !== null)
    .join('\n');
  const mails: OutgoingMail[] = [
    {
      dedupeKey: `reservation:${data.reservationId}:cancel:guest`,
      to: data.guest.email,
      footer: 'user',
      subject: data.by === 'host' ? c.mailGuestSlotCancelSubject(data.title) : c.mailGuestCancelSubject(data.title),
      text: guestText,
      attachments: [reservationIcs(data, 'CANCEL')],
    },
  ];
  if (data.by === 'guest') {
    const hostText = [
      m.guestName(data.host.name),
      '',
      c.mailHostCancelled(data.title, data.guest.name),
      '',
      m.reservationNumber(data.reservationId),
      m.schedule(schedule(data)),
      m.people(data.numberOfPeople),
      '',
      ja.reminderMail.hostList(hostReservationsUrl(data)),
      '',
      footer(data),
    ].join('\n');
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
