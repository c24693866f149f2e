// A list with a detail panel beside it (below 1080px, under it): the inquiries, the brand portal's applications and
// experiences. `ListWithDetail` lays the two out; `DetailPanel` is the panel: its title, 閉じる, the loading and
// failure lines of what it loads, the failure of the last change (`usePanelSave`), then the page's content.
import { MessageWithSignIn } from '#src/components/form/SignInAgain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import { LoadError } from './ListStatus';
import { firstMessage, type Load } from './useLoad';

const a = ja.adminPages;

export function ListWithDetail({ detail, children }: { detail: ReactNode | null; children: ReactNode }) {
  return (
    <div className={detail ? 'admin-inquiries admin-inquiries--open' : 'admin-inquiries'}>
      <div>{children}</div>
      {detail}
    </div>
  );
}

export function DetailPanel(props: {
  titleId: string;
  title: ReactNode;
  testId: string;
  load: Load<unknown>;
  onClose: () => void;
  /** Load failures handled elsewhere (the portal's sign-in page for an expired session). */
  intercept?: (error: unknown) => boolean;
  /** The failure of the last change (usePanelSave's `error`). */
  error?: string | null;
  children: ReactNode;
}) {
  const { load, intercept } = props;
  const panel = useRef<HTMLElement>(null);
  // Below 1080px the panel sits under the list: bring it into view when a row is chosen.
  useEffect(() => {
    if (window.matchMedia('(max-width: 1080px)').matches) panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  useEffect(() => {
    if (load.state === 'error') intercept?.(load.error);
  }, [load, intercept]);
  return (
    <aside ref={panel} className="panel admin-detail" aria-labelledby={props.titleId} data-testid={props.testId}>
      <div className="admin-detail__head">
        <h2 id={props.titleId}>{props.title}</h2>
        <button type="button" className="button button--ghost button--small" onClick={props.onClose}>
          {a.close}
        </button>
      </div>
      {load.state === 'loading' && <p>{a.loading}</p>}
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} />}
      {props.error && (
        <p className="alert alert--error" role="alert">
          <MessageWithSignIn message={props.error} />
        </p>
      )}
      {props.children}
    </aside>
  );
}

/**
 * A change the panel saves at once (PUT `url` with `body`): then the panel loads its row again and `onSaved` tells
 * the list; a failure becomes the panel's error line (`failed` unless the server says why). `intercept` takes the
 * failures handled elsewhere (the portal's sign-in page): true stops there.
 */
export function usePanelSave(load: { reload: () => void }, failed: string, intercept?: (error: unknown) => boolean) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save(url: string, body: unknown, onSaved: () => void) {
    setSaving(true);
    setError(null);
    try {
      await api(url, { method: 'PUT', body });
      load.reload();
      onSaved();
    } catch (e) {
      if (intercept?.(e)) return;
      console.error('update failed', e);
      setError(firstMessage(e, failed));
    } finally {
      setSaving(false);
    }
  }
  return { saving, error, save };
}
