import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, reservationSlotUid } from './ics';

describe('buildIcs', () => {
  const event = {
    uid: reservationSlotUid(12, 34, 'tabitoko.example'),
    date: '2026-12-05',
    startTime: '10:00',
    endTime: '12:30',
    summary: '器づくり, 京都; 初級',
    location: '京都府京都市東山区',
    url: 'https://tabitoko.example/reservations/12',
  };

  it('writes Japan-time events with a VTIMEZONE, CRLF lines and the stable UID (PUBLISH)', () => {
    const ics = buildIcs({ method: 'PUBLISH', events: [event], now: new Date('2026-11-22T01:02:03.456Z') });
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n')).toEqual(
      expect.arrayContaining([
        'METHOD:PUBLISH',
        'TZID:Asia/Tokyo',
        'UID:reservation-12-slot-34@tabitoko.example',
        'DTSTAMP:20261122T010203Z',
        'DTSTART;TZID=Asia/Tokyo:20261205T100000',
        'DTEND;TZID=Asia/Tokyo:20261205T123000',
        'SEQUENCE:0',
        'STATUS:CONFIRMED',
        'SUMMARY:器づくり\\, 京都\\; 初級',
      ]),
    );
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('cancels with the same UID, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const ics = buildIcs({ method: 'CANCEL', events: [event] });
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain('UID:reservation-12-slot-34@tabitoko.example\r\n');
    expect(ics).toContain('SEQUENCE:1\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
  });
});

describe('text and folding', () => {
  it('escapes backslashes, separators and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds at 75 octets without splitting a multi-byte character', () => {
    const line = `DESCRIPTION:${'あ'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });
});
