// https://vike.dev/Page — every future slot of an experience (spec §2 "Calendars page"): back link, slots loaded
// window by window when the sentinel at the bottom becomes visible, an empty state, and the apply bar.
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { logonUrl } from '#src/lib/isomorphic/api-client';
import { formatYen } from '#src/lib/isomorphic/money';
import { SlotList } from '#src/components/SlotList';
import { useSlotPager, useSlotSelection } from '#src/components/slot-list-state';
import { reservationUrl } from '#src/modules/calendars/slots';
import type { Data } from './+data';
import './calendars.css';

export default function Page() {
  const { experience, calendars, now } = useData<Data>();
  const { user } = usePageContext();
  const pager = useSlotPager(experience.id, calendars);
  const selection = useSlotSelection();
  const ids = selection.selected.map((c) => c.id);
  return (
    <section className="page page--narrow calendars-page">
      <a className="back-link" href={`/stories/${experience.id}`} data-testid="back-link">
        {ja.browse.backToStory}
      </a>
      <h1 className="calendars-page__title">{ja.browse.calendarsTitle(experience.title)}</h1>
      <p className="muted calendars-page__lead">{ja.browse.scheduleLead}</p>
      <SlotList pager={pager} selection={selection} serverNow={now} mode="all" />
      <div className="calendars-bar">
        <div className="calendars-bar__inner">
          <p className="calendars-bar__summary">
            <strong>{formatYen(experience.price)}</strong>
            <span>
              {ja.common.taxIncluded} {ja.browse.perPerson}
            </span>
            {ids.length > 0 && <span className="calendars-bar__count">{ja.browse.selectedCount(ids.length)}</span>}
          </p>
          {!user ? (
            <a className="button" href={logonUrl(`/stories/${experience.id}/calendars`)} data-testid="login-button">
              {ja.browse.loginToApply}
            </a>
          ) : ids.length > 0 ? (
            <a className="button" href={reservationUrl(experience.id, ids)} data-testid="apply-button">
              {ja.browse.applyCount(ids.length)}
            </a>
          ) : (
            <span className="button calendars-bar__idle" aria-disabled="true" data-testid="apply-button">
              {ja.browse.selectSlotFirst}
            </span>
          )}
        </div>
      </div>
    </section>
  );
}
