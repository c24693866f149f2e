// The page a mailed link opens (the address change's confirmation and undo, the sign-up verification): it says what
// the link will do and does it only when the button is pressed (a mail scanner that opens links changes nothing).
// A link that cannot be used, or that fails when pressed (used meanwhile, the address taken), says so.
import { useState, type ReactNode } from 'react';
import * as ja from '#src/i18n/ja';
import { api, ApiError } from '#src/lib/isomorphic/api-client';
import { busyControl, CompletionPanel } from '#src/components/form';
import '#pages/logon/logon.css';

export interface MailedLinkPageProps<R> {
  /** null: the link cannot be used (checked on the server before the page was rendered). */
  lead: string | null;
  title: string;
  invalidTitle: string;
  invalidBody: string;
  button: string;
  /** The API that does what the link says ({ token }). */
  path: string;
  token: string;
  /** What to show once done: the message and the links on. */
  done: (answer: R) => { body: string; actions: ReactNode };
  /** Links shown under a link that cannot be used. */
  invalidActions?: ReactNode;
}

export function MailedLinkPage<R>(props: MailedLinkPageProps<R>) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ body: string; actions: ReactNode } | null>(null);
  const [failure, setFailure] = useState<string | null>(props.lead === null ? props.invalidBody : null);
  async function act() {
    setBusy(true);
    try {
      setResult(props.done(await api<R>(props.path, { method: 'POST', body: { token: props.token } })));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.all().join(' ') : ja.common.unexpectedError);
    } finally {
      setBusy(false);
    }
  }
  if (result) return <CompletionPanel completed title={props.title} body={result.body} actions={result.actions} testId="link-done" />;
  if (failure)
    return (
      <CompletionPanel completed={false} title={props.invalidTitle} body={failure} actions={props.invalidActions} testId="invalid-link" />
    );
  return (
    <section className="page page--narrow logon">
      <div className="panel logon__panel">
        <h1 className="logon__title">{props.title}</h1>
        <p data-testid="link-lead">{props.lead}</p>
        <button type="button" className="button" {...busyControl(busy, { onClick: () => void act() })} data-testid="link-action">
          {props.button}
        </button>
      </div>
    </section>
  );
}
