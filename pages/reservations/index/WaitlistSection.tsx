// /reservations: the guest's キャンセル待ち. Offers come first as the page's notice (the seats are held for them until
// the offer ends, with the link to the reservation form), then a notice when the host cancelled a date the guest
// waited for (the entry shows 開催中止 until the date); entries still in line show their place. The notices come with
// the page (no live region: nothing announces what is there from the first paint); the section's title is the page's
// h2 and each entry's title an h3 (WaitlistEntries), so a screen reader can jump to them.
import { useState } from 'react';
import * as ja from '#src/i18n/ja';
import type { WaitlistEntryJson } from '#src/modules/reservations/waitlist.schemas';
import { WaitlistEntries } from '#src/components/WaitlistEntries';

export function WaitlistSection({ initial }: { initial: WaitlistEntryJson[] }) {
  const [entries, setEntries] = useState(initial);
  if (entries.length === 0) return null;
  const offered = entries.filter((e) => e.offer);
  const cancelled = entries.some((e) => e.status === 'cancelled');
  return (
    <section className="reservations-waitlist" aria-labelledby="waitlist-title" data-testid="waitlist-section">
      {offered.length > 0 && (
        <div className="alert alert--info reservations-waitlist__notice" data-testid="waitlist-notice">
          <strong>{ja.waitlist.offerTitle}</strong>
        </div>
      )}
      {cancelled && (
        <div className="alert alert--error reservations-waitlist__notice" data-testid="waitlist-cancelled-notice">
          {ja.waitlist.cancelledTitle}
        </div>
      )}
      <h2 id="waitlist-title" className="reservations-waitlist__title">
        {ja.waitlist.title}
      </h2>
      <WaitlistEntries entries={entries} showTitle onChange={setEntries} />
    </section>
  );
}
