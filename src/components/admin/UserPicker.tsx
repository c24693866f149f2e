// A searchable dropdown of users ("ID: name"): GET /api/v1/users?q= debounced 300 ms (without q when empty),
// users in `exclude` (the current members) are left out. A combobox: arrows move, Enter picks, Escape closes.
import { useEffect, useId, useRef, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import { listOf } from './useLoad';

const t = ja.adminPages.ambassadors;
const USER_SEARCH_DEBOUNCE_MS = 300;

export interface PickedUser {
  id: number;
  name: string;
}

interface Props {
  id: string;
  selected: PickedUser | null;
  onSelect: (user: PickedUser | null) => void;
  exclude: ReadonlySet<number>;
  /** The server leaves this ambassador's members out too (its search returns at most 20 users). */
  excludeAmbassadorId?: number;
  invalid?: boolean;
  describedBy?: string;
}

export function UserPicker({ id, selected, onSelect, exclude, excludeAmbassadorId, invalid, describedBy }: Props) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<PickedUser[] | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const params = new URLSearchParams();
      const q = query.trim();
      if (q) params.set('q', q);
      if (excludeAmbassadorId) params.set('exclude_ambassador_id', String(excludeAmbassadorId));
      const search = params.toString();
      try {
        const answer = await api<unknown>(search ? `/api/v1/users?${search}` : '/api/v1/users', { signal: controller.signal });
        setResults(listOf<PickedUser>(answer, 'users'));
        setActive(0);
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setResults([]);
      }
    }, USER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, open, excludeAmbassadorId]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const options = (results ?? []).filter((user) => !exclude.has(user.id));

  function pick(user: PickedUser) {
    onSelect(user);
    setOpen(false);
    setQuery('');
  }

  if (selected) {
    return (
      <div className="admin-picker__selected" data-testid="picked-user">
        <span>{t.userOption(selected.id, selected.name)}</span>
        <button type="button" className="button button--ghost button--small" onClick={() => onSelect(null)}>
          {t.clear}
        </button>
      </div>
    );
  }

  return (
    <div className="admin-picker" ref={box}>
      <input
        id={id}
        className="input"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        aria-activedescendant={open && options[active] ? `${listId}-${options[active].id}` : undefined}
        placeholder={t.searchPlaceholder}
        value={query}
        maxLength={100}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((n) => Math.min(n + 1, Math.max(options.length - 1, 0)));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((n) => Math.max(n - 1, 0));
          } else if (e.key === 'Enter' && open && options[active]) {
            e.preventDefault();
            pick(options[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      {open && (
        <div className="admin-picker__list" id={listId} role="listbox" data-testid="user-options">
          {results === null && <div className="admin-picker__status">{t.searching}</div>}
          {results !== null && options.length === 0 && <div className="admin-picker__status">{t.noUsers}</div>}
          {options.map((user, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works on the input (arrows, Enter)
            <div
              key={user.id}
              tabIndex={-1}
              id={`${listId}-${user.id}`}
              role="option"
              aria-selected={index === active}
              className="admin-picker__option"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(user)}
            >
              {t.userOption(user.id, user.name)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
