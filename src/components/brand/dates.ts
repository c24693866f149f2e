// Dates of the brand portal, Japan time: 2026年12月5日 10:00 (spec §9: year, month, day hour:minute, Japanese locale).
import * as ja from '#src/i18n/ja';

export function jpDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  return `${ja.adminPages.date(iso)} ${time}`;
}
