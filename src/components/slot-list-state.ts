// The slot list's state (SlotList.tsx shows it): paging an experience's slots forward by windows from the
// server-rendered first one, and the guest's selection of up to 30 slots.
import { useCallback, useRef, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { api, ApiError } from '#src/lib/isomorphic/api-client';
import { addDays } from '#src/lib/isomorphic/dates';
import type { CalendarsJson, SlotJson, SlotWindowJson } from '#src/modules/calendars/calendars.schemas';
import { DEFAULT_WINDOW_DAYS, MAX_SELECTED_SLOTS } from '#src/modules/calendars/calendars.shared';
import { toggleSelection } from '#src/modules/calendars/slots';

/** How many empty windows one "load more" may skip before giving up (recent_count says more exist). */
const MAX_EMPTY_STEPS = 12;

export interface SlotPager {
  calendars: SlotJson[];
  reservedIds: Set<number>;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  loadMore(): Promise<void>;
}

/**
 * Pages an experience's slots forward from the server-rendered first window: each step asks for the next 31 days
 * and appends; it stops when recent_count reaches 0. An empty window while recent_count > 0 (a gap in the
 * schedule) is skipped at once rather than shown as the end.
 */
export function useSlotPager(experienceId: number, initial: SlotWindowJson): SlotPager {
  const [calendars, setCalendars] = useState(initial.calendars);
  const [reservedIds, setReservedIds] = useState(() => new Set(initial.meta.reserved_calendar_ids));
  const [toDate, setToDate] = useState(initial.meta.to_date);
  const [recentCount, setRecentCount] = useState(initial.meta.recent_count);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  const loadMore = useCallback(async () => {
    if (busy.current || recentCount === 0) return;
    busy.current = true;
    setLoading(true);
    setError(null);
    try {
      let to = toDate;
      for (let step = 0; step < MAX_EMPTY_STEPS; step++) {
        const from = addDays(to, 1);
        to = addDays(from, DEFAULT_WINDOW_DAYS - 1);
        const page = await api<CalendarsJson>(`/api/v1/experiences/${experienceId}/calendars?from_date=${from}&to_date=${to}`);
        setCalendars((list) => {
          const known = new Set(list.map((c) => c.id));
          return [...list, ...page.calendars.filter((c) => !known.has(c.id))];
        });
        setReservedIds((ids) => new Set([...ids, ...page.meta.reserved_calendar_ids]));
        setToDate(page.meta.to_date);
        setRecentCount(page.meta.recent_count);
        if (page.calendars.length > 0 || page.meta.recent_count === 0) break;
      }
    } catch (err) {
      setError(err instanceof ApiError ? err.message : ja.browse.fetchFailed);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [experienceId, toDate, recentCount]);

  return { calendars, reservedIds, hasMore: recentCount > 0, loading, error, loadMore };
}

export interface SlotSelection {
  selected: SlotJson[];
  message: string | null;
  /** The slot whose selection was refused: the message is shown right under it. */
  refusedId: number | null;
  toggle(calendar: SlotJson): void;
}

/** Toggles slots; the 31st is refused with a message (spec §9: at most 30 at once). Kept in slot order. */
export function useSlotSelection(): SlotSelection {
  const [selected, setSelected] = useState<SlotJson[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [refusedId, setRefusedId] = useState<number | null>(null);
  const toggle = useCallback(
    (calendar: SlotJson) => {
      const result = toggleSelection(
        selected.map((c) => c.id),
        calendar.id,
        MAX_SELECTED_SLOTS,
      );
      setMessage(result.refused ? ja.browse.maxSelected(MAX_SELECTED_SLOTS) : null);
      setRefusedId(result.refused ? calendar.id : null);
      if (result.refused) return;
      const byId = new Map([...selected, calendar].map((c) => [c.id, c]));
      setSelected(
        result.selected
          .flatMap((id) => byId.get(id) ?? [])
          .sort((a, b) => a.date.localeCompare(b.date) || a.start_time.localeCompare(b.start_time) || a.id - b.id),
      );
    },
    [selected],
  );
  return { selected, message, refusedId, toggle };
}
