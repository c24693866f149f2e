// Client-side loading for the admin lists and forms: loading → ok | error, and reload() after a change.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from '#src/lib/isomorphic/api-client';

export type Load<T> = { state: 'loading' } | { state: 'error'; error: ApiError | Error } | { state: 'ok'; data: T };

export function useLoad<T>(path: string | null): Load<T> & { reload: () => void } {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [tick, setTick] = useState(0);
  const lastPath = useRef<string | null>(null);
  // `tick` is a dependency so that reload() runs the effect again.
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    // A reload of the same path keeps showing the current data; a new path shows the loading state.
    const samePath = lastPath.current === path;
    lastPath.current = path;
    setLoad((current) => (current.state === 'ok' && samePath ? current : { state: 'loading' }));
    api<T>(path, { signal: controller.signal }).then(
      (data) => setLoad({ state: 'ok', data }),
      (error: Error) => {
        if (error.name !== 'AbortError') setLoad({ state: 'error', error });
      },
    );
    return () => controller.abort();
  }, [path, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...load, reload };
}

/** The server's first message for an error: the base message, else the first field message, else the fallback. */
export function firstMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const base = error.messages.base?.[0];
    if (base) return base;
    const first = Object.values(error.messages).flat()[0];
    if (first) return first;
    if (error.status > 0 && error.status < 500) return error.message;
  }
  return fallback;
}

/** A list answer, whether the server sends the array itself or wraps it under a key (else its one array). */
export function listOf<T>(answer: unknown, key: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const object = (answer ?? {}) as Record<string, unknown>;
  const value = Array.isArray(object[key]) ? object[key] : Object.values(object).find(Array.isArray);
  return Array.isArray(value) ? (value as T[]) : [];
}
