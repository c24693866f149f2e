// The screen after a form succeeded (reservation, community application, inquiries, publication), or, when the
// one-shot completion flag was already used (reload, direct visit), the session-expired screen. The page's
// +data.ts decides `completed` by consuming the flag on the server (pageContext.consumeCompletion).
import type { ReactNode } from 'react';
import './form.css';

export interface CompletionPanelProps {
  completed: boolean;
  title: ReactNode;
  /** Paragraphs under the title (strings become <p>). */
  body?: ReactNode;
  expiredTitle: ReactNode;
  expiredBody?: ReactNode;
  /** Links/buttons at the bottom. */
  actions?: ReactNode;
  /** Extra content between the body and the actions (e.g. share buttons), shown only when completed. */
  children?: ReactNode;
  className?: string;
  testId?: string;
}

export function CompletionPanel(props: CompletionPanelProps) {
  const { completed } = props;
  const body = completed ? props.body : props.expiredBody;
  return (
    <section className={props.className ? `page page--narrow ${props.className}` : 'page page--narrow'} data-testid={props.testId}>
      <div className="panel completion-panel">
        <div className={completed ? 'completion-panel__mark' : 'completion-panel__mark completion-panel__mark--expired'} aria-hidden="true">
          {completed ? '✓' : '!'}
        </div>
        <h1 data-testid="complete-title">{completed ? props.title : props.expiredTitle}</h1>
        {typeof body === 'string' ? <p>{body}</p> : body}
        {completed && props.children}
        {props.actions && <p className="completion-panel__actions">{props.actions}</p>}
      </div>
    </section>
  );
}
