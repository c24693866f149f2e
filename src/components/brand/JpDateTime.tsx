// A portal date and time (2026年12月5日 10:00) that a narrow column may break between the date and the time, never
// inside either; the cell carries the class `brand-datetime` (brand.css).
import { jpDateTime } from './dates';

export function JpDateTime({ iso }: { iso: string }) {
  const text = jpDateTime(iso);
  const space = text.lastIndexOf(' ');
  if (space < 0) return <span>{text}</span>;
  return (
    <span>
      <span className="brand-datetime__part">{text.slice(0, space)}</span>{' '}
      <span className="brand-datetime__part">{text.slice(space + 1)}</span>
    </span>
  );
}
