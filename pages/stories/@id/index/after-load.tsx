// Parts of the experience page that are not in its HTML (the first reviews, the host's other experiences): the
// server and the hydrating browser render the part's placeholder, which keeps the part's place so nothing below it
// moves; once the page has hydrated, the part's data is read from the API and the part (its code a separate chunk,
// `lazy` at the call site) replaces the placeholder. Without JavaScript the placeholder is hidden (+Head.tsx); the
// page's links to the same content stay.
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';

type LaterData<T> = { state: 'loading' } | { state: 'done'; data: T } | { state: 'failed'; message: string };

/** Reads `path` from the API after hydration and renders `children(answer)`; the placeholder until then. */
export function AfterLoad<T>({ path, placeholder, children }: { path: string; placeholder: ReactNode; children: (data: T) => ReactNode }) {
  const [result, setResult] = useState<LaterData<T>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    api<T>(path, { signal: controller.signal }).then(
      (data) => setResult({ state: 'done', data }),
      (error: Error) => {
        if (error.name !== 'AbortError') setResult({ state: 'failed', message: error.message || ja.common.fetchFailed });
      },
    );
    return () => controller.abort();
  }, [path]);
  if (result.state === 'loading') return placeholder;
  if (result.state === 'failed') {
    return (
      <p className="muted" role="alert">
        {result.message}
      </p>
    );
  }
  return <Suspense fallback={placeholder}>{children(result.data)}</Suspense>;
}

/** The reserved place of a part still loading: `className` gives its height. */
export function LaterPlaceholder({ className }: { className: string }) {
  return (
    <div className={`story-later ${className}`} aria-busy="true" data-testid="later-placeholder">
      <p className="story-later__loading muted">{ja.common.loading}</p>
    </div>
  );
}
