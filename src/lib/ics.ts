// iCalendar (.ics, RFC 5545) files for reservation mails. Times are Japan time (TZID=Asia/Tokyo with
// its VTIMEZONE, so any calendar application shows the right hour whatever the reader's zone); the UID is stable per
// reservation slot, so the METHOD:CANCEL sent at a cancellation removes exactly the event the METHOD:PUBLISH of the
// confirmation (or a reminder) added (RFC 5546 §3.2.5: same UID, higher SEQUENCE, STATUS:CANCELLED). Server-only.

export type IcsMethod = 'PUBLISH' | 'CANCEL';

export interface IcsEvent {
  uid: string;
  /** 'yyyy-MM-dd' and 'HH:MM', Japan time. */
  date: string;
  startTime: string;
  endTime: string;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
}

export interface IcsInput {
  method: IcsMethod;
  events: IcsEvent[];
  /** DTSTAMP; defaults to now. */
  now?: Date;
}

const PRODID = '-//tabitoko//reservations//JA';

/** The stable UID of one slot of one reservation. */
export function reservationSlotUid(reservationId: number, calendarId: number, domain: string): string {
  return `reservation-${reservationId}-slot-${calendarId}@${domain}`;
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets, continuation lines 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const localDateTime = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;

function utcStamp(instant: Date): string {
  return `${instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
}

/** The whole VCALENDAR, CRLF line endings. */
export function buildIcs(input: IcsInput): string {
  const stamp = utcStamp(input.now ?? new Date());
  const cancel = input.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${input.method}`,
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Tokyo',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0900',
    'TZOFFSETTO:+0900',
    'TZNAME:JST',
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
  for (const event of input.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=Asia/Tokyo:${localDateTime(event.date, event.startTime)}`,
      `DTEND;TZID=Asia/Tokyo:${localDateTime(event.date, event.endTime)}`,
      `SEQUENCE:${cancel ? 1 : 0}`,
      `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The attachment of a mail in the outbox. */
export function icsAttachment(input: IcsInput, filename = 'reservation.ics') {
  return {
    filename,
    contentType: `text/calendar; charset=utf-8; method=${input.method}`,
    content: buildIcs(input),
  };
}
