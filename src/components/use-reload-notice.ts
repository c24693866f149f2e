// The notice the previous page left for this one (goTo(url, notice) or reloadPage(notice),
// src/lib/isomorphic/browser-navigation.ts), read once after hydration: the server render has none.
import { useEffect, useState } from 'react';
import { type NoticeKind, takeReloadNotice } from '#src/lib/isomorphic/browser-navigation';

/**
 * The page's notice and its setter (a page may replace it with a message of its own). The effect sets it only when
 * there is one: a second run of the effect (React's strict mode, in development) finds none and keeps the first.
 * `enabled` false leaves the notice where it is for another reader. `kind` 'error' reads the refusal a page left for
 * itself (reloadPage(message, 'error')); a success notice stays for the layout.
 */
export function useReloadNotice(enabled = true, kind: NoticeKind = 'success'): [string | null, (notice: string | null) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const taken = takeReloadNotice(kind);
    if (taken !== null) setNotice(taken);
  }, [enabled, kind]);
  return [notice, setNotice];
}

/**
 * The ref of the element that shows such a notice (with tabIndex -1): focuses it when it appears and brings it to the
 * middle of the screen. A role=status box that is already filled when it appears is not announced, and after the
 * page load focus is on <body>: focused, the notice is read at once and the keyboard continues from it.
 */
export function focusNotice(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'center' });
}
