// Admins create an experience for a host (spec §2, §6): search users by text (GET /api/v1/users?q=, debounced
// 300 ms) and pick one; the choice is sent as proxy_user_id.
import { useEffect, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';

const t = ja.hostStory;
const HOST_SEARCH_DEBOUNCE_MS = 300;

interface Props {
  selected: { id: number; name: string } | null;
  onSelect: (user: { id: number; name: string } | null) => void;
}

export function HostSearch({ selected, onSelect }: Props) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ id: number; name: string }[] | null>(null);

  useEffect(() => {
    if (!query.trim()) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const answer = await api<{ users: { id: number; name: string }[] }>(`/api/v1/users?q=${encodeURIComponent(query.trim())}`, {
          signal: controller.signal,
        });
        setResults(answer.users);
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setResults([]);
      }
    }, HOST_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  if (selected) {
    return (
      <div className="host-search__selected">
        <span data-testid="proxy-user">{t.hostSelected(selected.id, selected.name)}</span>
        <button type="button" className="site-nav__plain" onClick={() => onSelect(null)}>
          {t.hostClear}
        </button>
      </div>
    );
  }
  return (
    <div className="host-search">
      <input
        className="input"
        type="search"
        name="host_search"
        placeholder={t.hostSearchPlaceholder}
        value={query}
        maxLength={100}
        onChange={(e) => setQuery(e.target.value)}
        aria-label={t.fields.host}
      />
      {results && (
        <ul className="host-search__results">
          {results.length === 0 && <li className="muted">{t.hostSearchNone}</li>}
          {results.map((user) => (
            <li key={user.id}>
              <button type="button" className="host-search__result" onClick={() => onSelect(user)}>
                ID: {user.id} {user.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
