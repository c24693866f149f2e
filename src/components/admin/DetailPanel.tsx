// A list with a detail panel beside it (below 1080px, under it): the inquiries, the brand portal's applications and
// experiences. `ListWithDetail` lays the two out; `DetailPanel` is the panel: its title, 閉じる, the loading and
// failure lines of what it loads, the failure of the last change (`usePanelSave`), then the page's content.
// The panel is rendered after the table, so keyboard users are moved to it: its heading takes the focus when it
// opens, and the button that opened it gets the focus back when it closes. The rows' open buttons (`openColumn`)
// say whether their panel is open and which element it is (aria-expanded, aria-controls).
import { MessageWithSignIn } from '#src/components/form/SignInAgain';
import { scrollBehavior } from '#src/components/motion';
import { type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import { DetailPanelId } from './CardTable';
import { LoadError } from './ListStatus';
import { firstMessage, type Load } from './useLoad';

const a = ja.adminPages;

export function ListWithDetail({ detail, children }: { detail: ReactNode | null; children: ReactNode }) {
  const panelId = useId();
  return (
    <DetailPanelId.Provider value={panelId}>
      <div className={detail ? 'admin-inquiries admin-inquiries--open' : 'admin-inquiries'}>
        <div>{children}</div>
        {detail}
      </div>
    </DetailPanelId.Provider>
  );
}

/**
 * Moves the focus into the panel when it opens (its heading, `heading`) and back to what opened it when it closes:
 * the row whose open button says it is expanded, else what had the focus (a button above the list). When another
 * row is chosen while the panel is open, that row's button has the focus and keeps it until the new panel takes it.
 */
function usePanelFocus(panelId: string | null, heading: { current: HTMLHeadingElement | null }) {
  useEffect(() => {
    const expanded = panelId ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(panelId)}"][aria-expanded="true"]`) : null;
    const opener = expanded ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    const panel = heading.current?.closest('aside') ?? null;
    // Below 1080px the panel sits under the list: bring it into view smoothly instead of the focus's jump.
    const narrow = window.matchMedia('(max-width: 1080px)').matches;
    heading.current?.focus({ preventScroll: narrow });
    if (narrow) panel?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    return () => {
      // The panel has left the page by now: the focus it held fell to the body.
      const focus = document.activeElement;
      const lost = focus === null || focus === document.body || (panel?.contains(focus) ?? false);
      if (lost && opener?.isConnected) opener.focus();
    };
  }, [panelId, heading]);
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
  const panelId = useContext(DetailPanelId);
  const heading = useRef<HTMLHeadingElement>(null);
  usePanelFocus(panelId, heading);
  useEffect(() => {
    if (load.state === 'error') intercept?.(load.error);
  }, [load, intercept]);
  return (
    <aside id={panelId ?? undefined} className="panel admin-detail" aria-labelledby={props.titleId} data-testid={props.testId}>
      <div className="admin-detail__head">
        <h2 id={props.titleId} ref={heading} tabIndex={-1}>
          {props.title}
        </h2>
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
