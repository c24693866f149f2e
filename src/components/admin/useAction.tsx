// An admin list's action (a button that calls the API, then reloads the list): busy while it runs, and one notice
// above the list saying what was done, or why not (the server's message, else the page's own).
import { useState } from 'react';
import { LiveRegion } from '#src/components/LiveRegion';
import { firstMessage } from './useLoad';

export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

export function useAction(failed: string) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** Runs `work`; the text it returns is the success notice. `settle` runs after either outcome (e.g. closes a dialog). */
  async function run(work: () => Promise<string>, settle?: () => void): Promise<void> {
    setBusy(true);
    try {
      setNotice({ kind: 'success', text: await work() });
    } catch (error) {
      setNotice({ kind: 'error', text: firstMessage(error, failed) });
    } finally {
      settle?.();
      setBusy(false);
    }
  }
  /** A success reported by something else on the page (a dialog with its own form). */
  const done = (text: string) => setNotice({ kind: 'success', text });
  return { busy, notice, run, done };
}

/**
 * The notice in its live region, there before the first action: the outcome, a success or a failure alike, is read
 * out when the person's press comes back (a polite status: they are waiting for it).
 */
export function ActionNotice({ notice, testId }: { notice: Notice | null; testId: string }) {
  return (
    <LiveRegion>
      {notice && (
        <p className={`alert alert--${notice.kind}`} data-testid={testId}>
          {notice.text}
        </p>
      )}
    </LiveRegion>
  );
}
