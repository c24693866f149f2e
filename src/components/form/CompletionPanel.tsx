// The screen that ends a flow: after a form succeeded (reservation, community application, inquiries, publication,
// leaving, a new password) with a ✓, or, when the result cannot be shown, with a ! (the one-shot completion flag was
// already used by a reload or a direct visit, a mailed link that cannot be used). Pages that can show either pass the
// texts for the one `completed` says; their +data.ts decides it by consuming the flag on the server
// (pageContext.request.consumeCompletion).
import type { ReactNode } from 'react';
import './form.css';

export interface CompletionPanelProps {
  /** true: done (✓); false: the result cannot be shown (!). */
  completed: boolean;
  title: ReactNode;
  /** Paragraphs under the title (strings become <p>). */
  body?: ReactNode;
  /** Links/buttons at the bottom. */
  actions?: ReactNode;
  /** Extra content between the body and the actions (e.g. share buttons), shown only when completed. */
  children?: ReactNode;
  className?: string;
  testId?: string;
}

export function CompletionPanel(props: CompletionPanelProps) {
  const { completed, body } = props;
  return (
    <section className={props.className ? `page page--narrow ${props.className}` : 'page page--narrow'} data-testid={props.testId}>
      <div className="panel completion-panel">
        <div className={completed ? 'completion-panel__mark' : 'completion-panel__mark completion-panel__mark--expired'} aria-hidden="true">
          {completed ? '✓' : '!'}
        </div>
        <h1 data-testid="complete-title">{props.title}</h1>
        {typeof body === 'string' ? <p>{body}</p> : body}
        {completed && props.children}
        {props.actions && <p className="completion-panel__actions">{props.actions}</p>}
      </div>
    </section>
  );
}
