// The confirmation mail to the guest and the notice to the host (Japanese plain text). Pure: the service loads the
// data and enqueues the result in the transaction that confirms the reservation.
import { formatDateJa } from '../../lib/dates';
import { formatYen } from '../../lib/money';
import { ja } from '../../i18n/ja';
import type { OutgoingMail } from '../mail/mail.service';
import type { PriceQuote } from './pricing';

export interface ReservationMailData {
  reservationId: number;
  experienceId: number;
  title: string;
  guest: { name: string; email: string };
  host: { name: string; email: string };
  slots: { date: string; start_time: string; end_time: string }[];
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

function schedule(data: ReservationMailData): string {
  return data.slots.map((s) => `  ${formatDateJa(s.date)} ${ja.reservations.timeRange(s.start_time, s.end_time)}`).join('\n');
}

function venue(data: ReservationMailData): string {
  if (data.online) return `オンライン（参加URL: ${data.onlineUrl ?? '追ってホストからご案内します'}）`;
  // Addresses usually start with the prefecture already.
  const address = data.address ?? '';
  const full = data.state && !address.startsWith(data.state) ? `${data.state}${address}` : address;
  return full || '追ってホストからご案内します';
}

function amounts(data: ReservationMailData): string {
  const a = data.amounts;
  const lines = [`  ${ja.reservations.tourFee}: ${formatYen(a.tour)}`];
  if (a.discount > 0) lines.push(`  ${ja.reservations.discount}${data.couponCode ? `（${data.couponCode}）` : ''}: -${formatYen(a.discount)}`);
  if (a.option > 0 || data.optionName) lines.push(`  ${ja.reservations.optionFee}: ${formatYen(a.option)}`);
  lines.push(`  ${ja.reservations.serviceFee}: ${formatYen(a.service_fee)}`);
  lines.push(`  ${ja.reservations.processingFee}: ${formatYen(a.processing_fee)}`);
  lines.push(`  ${ja.reservations.total}: ${formatYen(a.total)}`);
  return lines.join('\n');
}

function details(data: ReservationMailData): string {
  return [
    `■ 予約番号: ${data.reservationId}`,
    `■ 体験: ${data.title}`,
    `■ 日程:\n${schedule(data)}`,
    `■ 人数: ${data.numberOfPeople}名`,
    `■ オプション: ${data.optionName ?? ja.reservations.noOption}`,
    `■ 開催場所: ${venue(data)}`,
    `■ お支払い金額:\n${amounts(data)}`,
  ].join('\n');
}

const footer = (data: ReservationMailData) => `--\n${ja.site.name}\n${data.appUrl}\n`;

export function buildReservationMails(data: ReservationMailData): OutgoingMail[] {
  const guestText = [
    `${data.guest.name} 様`,
    '',
    `このたびは「${data.title}」をご予約いただき、ありがとうございます。`,
    '以下の内容でご予約が確定しました。',
    '',
    details(data),
    data.messageToHost ? `■ ホストへのメッセージ:\n${data.messageToHost}` : null,
    '',
    `キャンセルポリシー: ${ja.reservations.cancellationPolicyName(data.cancellationPeriod)}`,
    `体験の詳細: ${data.appUrl}/stories/${data.experienceId}`,
    `ご不明な点やメールの内容に心当たりがない場合は、お問い合わせフォーム（${data.appUrl}/inquiry）からご連絡ください。`,
    '',
    footer(data),
  ]
    .filter((line) => line !== null)
    .join('\n');

  const hostText = [
    `${data.host.name} 様`,
    '',
    `「${data.title}」に新しい予約が入りました。`,
    '',
    `■ 予約者: ${data.guest.name} 様`,
    details(data),
    `■ ホストへのメッセージ:\n${data.messageToHost ?? '（なし）'}`,
    '',
    '当日の準備をお願いいたします。',
    '',
    footer(data),
  ].join('\n');

  return [
    {
      dedupeKey: `reservation:${data.reservationId}:guest`,
      to: data.guest.email,
      subject: ja.reservations.mailGuestSubject(data.title),
      text: guestText,
    },
    {
      dedupeKey: `reservation:${data.reservationId}:host`,
      to: data.host.email,
      subject: ja.reservations.mailHostSubject(data.title),
      text: hostText,
    },
  ];
}
