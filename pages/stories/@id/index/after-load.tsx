// Parts of the experience page that are not in its HTML (the first reviews, the host's other experiences): the
// server and the hydrating browser render the part's placeholder, which keeps the part's place so nothing below it
// moves; once the page has hydrated and the placeholder comes within about a screen of the viewport, the part's data
// is read from the API and the part (its code a separate chunk, `lazy` at the call site) replaces the placeholder.
// Both parts are below the description, so a phone that opens the page and taps a slot never reads or renders them
// while the page starts (as an image with loading="lazy"); a reader scrolling down has them before they get there.
// Without JavaScript the placeholder is hidden (story-head.ts); the page's links to the same content stay.
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';

type LaterData<T> = { state: 'loading' } | { state: 'done'; data: T } | { state: 'failed'; message: string };

/** How far outside the viewport the placeholder starts its read: about a phone's screen. */
const AHEAD = '800px 0px';

/**
 * Reads `path` from the API once the placeholder is near the viewport (after hydration) and renders
 * `children(answer)`; the placeholder, in an element the browser watches, until then.
 */
export function AfterLoad<T>({ path, placeholder, children }: { path: string; placeholder: ReactNode; children: (data: T) => ReactNode }) {
  const [result, setResult] = useState<LaterData<T>>({ state: 'loading' });
  const watched = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const controller = new AbortController();
    const read = () =>
      api<T>(path, { signal: controller.signal }).then(
        (data) => setResult({ state: 'done', data }),
        (error: Error) => {
          if (error.name !== 'AbortError') setResult({ state: 'failed', message: error.message || ja.common.fetchFailed });
        },
      );
    const element = watched.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      read();
      return () => controller.abort();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        read();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, [path]);
  if (result.state === 'loading') return <div ref={watched}>{placeholder}</div>;
  // The failure takes the part's place in the reading order, as the part would have: nobody asked for it, so it
  // neither interrupts (alert) nor is announced (status), just as the part's arrival is not.
  if (result.state === 'failed') return <p className="muted">{result.message}</p>;
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
