// The messages shown on top of a form: `base`, plus (with `fields`) the field messages listed as a summary. Focusable
// (tabIndex -1) and marked for the form kit, which focuses it after a refused submit when it is the first error.
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import { SUMMARY_ATTRIBUTE } from './focus-error';
import { BASE, allMessages } from './form-errors';
import { MessageWithSignIn } from './SignInAgain';

export function FormErrors({
  messages,
  all = false,
  className,
  testId,
}: {
  messages: FieldMessages;
  /** List every message (an error summary), not only `base`. */
  all?: boolean;
  className?: string;
  testId?: string;
}) {
  const list = all ? allMessages(messages) : (messages[BASE] ?? []);
  if (list.length === 0) return null;
  return (
    <div
      className={className ? `alert alert--error ${className}` : 'alert alert--error'}
      role="alert"
      tabIndex={-1}
      data-testid={testId}
      {...{ [SUMMARY_ATTRIBUTE]: '' }}
    >
      {list.length === 1 ? (
        <MessageWithSignIn message={list[0]} />
      ) : (
        <ul>
          {list.map((message) => (
            <li key={message}>
              <MessageWithSignIn message={message} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
