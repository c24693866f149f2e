// The slot list of an experience (spec guest-and-host.md §4, §9): reserved / no availability / open with ○ or △,
// selection toggling up to 30 (slot-list-state.ts), a collapsed preview (3 slots, 5 above 1080px) and paging forward by
// windows.
// Every slot element carries data-calendar-id (browser tests and the reservation link rely on it).
import { Fragment, useEffect, useRef, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { weekdayOf } from '#src/lib/isomorphic/dates';
import type { SlotJson } from '#src/modules/calendars/calendars.schemas';
import { slotView } from '#src/modules/calendars/slots';
import { LiveRegion } from './LiveRegion';
import { busyControl } from './form/busy-control';
import type { SlotPager, SlotSelection } from './slot-list-state';
import './slot-list.css';

function slotDateLabel(ymd: string): string {
  const [, m, d] = ymd.split('-').map(Number);
  return ja.dates.monthDay(m, d, ja.dates.weekdays[weekdayOf(ymd)]);
}

function monthLabel(ymd: string): string {
  const [y, m] = ymd.split('-').map(Number);
  return ja.dates.yearMonth(y, m);
}

/** The longest delay a browser timer takes (about 24.8 days); a later deadline is waited for in steps. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The clock for slot states: the server's time for the first render (no hydration mismatch), then the browser's.
 * A slot's state depends on the time only through its booking deadline, so the clock moves only when one of the
 * loaded slots' deadlines has passed: at once if one passed since the server's time (a page kept in a cache), then
 * at each next deadline. Hydration itself renders the list once (no second render for a clock that changes nothing).
 */
function useNow(serverNow: number, calendars: readonly SlotJson[]): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const current = Date.now();
    const deadlines = calendars.map((calendar) => Date.parse(calendar.reservation_deadline_at));
    if (deadlines.some((deadline) => deadline > now && deadline <= current)) {
      setNow(current);
      return;
    }
    const next = Math.min(...deadlines.filter((deadline) => deadline > Math.max(now, current)));
    if (!Number.isFinite(next)) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(next - current, MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [calendars, now]);
  return now;
}

/**
 * The refusal of a 31st slot appears right under the slot the guest just pressed (not below a long list,
 * off screen) and is scrolled into view if a fixed bar or the window edge hides it.
 */
function RefusalMessage({ message }: { message: string }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <li ref={ref} className="slot-list__refusal">
      <p className="alert alert--error slot-list__message" role="alert" data-testid="slot-limit-message">
        {message}
      </p>
    </li>
  );
}

function SlotItem({
  calendar,
  reserved,
  now,
  selected,
  onToggle,
  wideOnly,
}: {
  calendar: SlotJson;
  reserved: boolean;
  now: number;
  selected: boolean;
  onToggle(calendar: SlotJson): void;
  wideOnly: boolean;
}) {
  const view = slotView(calendar, { reserved, now });
  const weekday = weekdayOf(calendar.date);
  const status =
    view.state === 'reserved'
      ? ja.browse.slotReserved
      : view.state === 'inactive'
        ? ja.browse.slotInactive
        : view.mark === 'triangle'
          ? ja.browse.slotFew
          : ja.browse.slotOpen;
  return (
    <li className={wideOnly ? 'slot-list__item slot-list__item--wide' : 'slot-list__item'}>
      <button
        type="button"
        className={`slot slot--${view.state}${selected ? ' slot--selected' : ''}`}
        data-calendar-id={calendar.id}
        data-state={view.state}
        data-mark={view.mark ?? undefined}
        aria-pressed={view.state === 'open' ? selected : undefined}
        disabled={view.state !== 'open'}
        onClick={() => onToggle(calendar)}
      >
        <span className="slot__check" aria-hidden="true" />
        <span className="slot__when">
          <span className="slot__when-inner">
            <span className={`slot__date${weekday === 0 ? ' slot__date--sun' : weekday === 6 ? ' slot__date--sat' : ''}`}>
              {slotDateLabel(calendar.date)}
            </span>
            {/* One text each (no marker between adjacent texts in the server's HTML). */}
            <span className="slot__time">{`${calendar.start_time}〜${calendar.end_time}`}</span>
          </span>
        </span>
        <span className="slot__status">
          {view.mark && (
            <span className={`slot__mark slot__mark--${view.mark}`} aria-hidden="true">
              {view.mark === 'triangle' ? '△' : '○'}
            </span>
          )}
          <span className="slot__label">{status}</span>
          {view.state === 'open' && <span className="slot__remaining">{ja.browse.remaining(view.remaining)}</span>}
        </span>
      </button>
    </li>
  );
}

export interface SlotListProps {
  pager: SlotPager;
  selection: SlotSelection;
  serverNow: number;
  /** preview: collapsed to 3 (5 above 1080px) with an expand control; all: every loaded slot, paged by scrolling. */
  mode: 'preview' | 'all';
  /** Link to the full calendar page (preview mode). */
  allHref?: string;
}

export function SlotList({ pager, selection, serverNow, mode, allHref }: SlotListProps) {
  const { calendars } = pager;
  const now = useNow(serverNow, calendars);
  const [expanded, setExpanded] = useState(false);
  const selectedIds = new Set(selection.selected.map((c) => c.id));
  const collapsed = mode === 'preview' && !expanded;
  const shown = collapsed ? calendars.slice(0, 5) : calendars;

  if (calendars.length === 0 && !pager.hasMore) {
    return (
      <p className="slot-list__empty" data-testid="slots-empty">
        {ja.browse.noSlots}
      </p>
    );
  }

  // The expand control: always useful when more than 5 slots (or later windows) exist; with 4 or 5 slots only
  // below 1081px, where 3 are shown.
  const moreHidden = calendars.length > 5 || pager.hasMore;
  const expandClass = moreHidden ? 'slot-list__toggle' : 'slot-list__toggle slot-list__toggle--narrow';

  return (
    <div className={collapsed ? 'slot-list slot-list--collapsed' : 'slot-list'} data-testid="slot-list">
      <ul className="slot-list__items">
        {shown.map((calendar, i) => (
          <Fragment key={calendar.id}>
            {mode === 'all' && (i === 0 || shown[i - 1].date.slice(0, 7) !== calendar.date.slice(0, 7)) && (
              <li className="slot-list__month" aria-hidden="true">
                {monthLabel(calendar.date)}
              </li>
            )}
            <SlotItem
              calendar={calendar}
              reserved={pager.reservedIds.has(calendar.id)}
              now={now}
              selected={selectedIds.has(calendar.id)}
              onToggle={selection.toggle}
              wideOnly={collapsed && i >= 3}
            />
            {selection.message && selection.refusedId === calendar.id && <RefusalMessage message={selection.message} />}
          </Fragment>
        ))}
      </ul>
      {selection.message && !shown.some((c) => c.id === selection.refusedId) && (
        <p className="alert alert--error slot-list__message" role="alert" data-testid="slot-limit-message">
          {selection.message}
        </p>
      )}
      {pager.error && (
        <p className="alert alert--error slot-list__message" role="alert">
          {pager.error}
        </p>
      )}
      {mode === 'preview' && (
        <div className="slot-list__actions">
          {collapsed && calendars.length > 3 && (
            <button
              type="button"
              className={expandClass}
              onClick={() => setExpanded(true)}
              aria-expanded="false"
              data-testid="slots-expand"
            >
              {ja.browse.showMoreSlots}
            </button>
          )}
          {collapsed && calendars.length <= 3 && pager.hasMore && (
            <button
              type="button"
              className="slot-list__toggle"
              onClick={() => {
                setExpanded(true);
                void pager.loadMore();
              }}
              data-testid="slots-expand"
            >
              {ja.browse.showMoreSlots}
            </button>
          )}
          {!collapsed && pager.hasMore && (
            <button
              type="button"
              className="slot-list__toggle"
              {...busyControl(pager.loading, { onClick: () => void pager.loadMore() })}
              data-testid="slots-load-more"
            >
              {pager.loading ? ja.browse.fetching : ja.browse.loadMoreSlots}
            </button>
          )}
          {!collapsed && (
            <button
              type="button"
              className="slot-list__toggle slot-list__toggle--plain"
              onClick={() => setExpanded(false)}
              aria-expanded="true"
            >
              {ja.browse.showFewerSlots}
            </button>
          )}
          {allHref && (
            <a className="slot-list__all" href={allHref}>
              {`${ja.browse.allSlots} ›`}
            </a>
          )}
        </div>
      )}
      {mode === 'all' && <Sentinel pager={pager} />}
    </div>
  );
}

/** Loads the next window when the bottom of the list scrolls into view (spec: calendars page). */
function Sentinel({ pager }: { pager: SlotPager }) {
  const ref = useRef<HTMLDivElement>(null);
  const { hasMore, loading, loadMore, calendars } = pager;
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || loading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
    // calendars.length: re-observe after each append so a sentinel still in view loads the next window.
  }, [hasMore, loading, loadMore, calendars.length]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className="slot-list__sentinel" data-testid="slots-sentinel">
      {loading && <span className="slot-list__spinner" aria-hidden="true" />}
      <LiveRegion as="span">{loading && ja.browse.fetching}</LiveRegion>
    </div>
  );
}
