// An applicant's age in whole years, counted on the day in Japan (the brand portal's application panel: 30歳).
import { todayInJapan } from '#src/lib/isomorphic/dates';

/** Whole years between a birthday ('yyyy-MM-dd' or a Date) and `now`'s date in Japan. */
export function ageOn(birthday: string | Date, now: Date): number {
  const ymd = birthday instanceof Date ? birthday.toISOString().slice(0, 10) : String(birthday).slice(0, 10);
  const today = todayInJapan(now);
  const [by, bm, bd] = ymd.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
