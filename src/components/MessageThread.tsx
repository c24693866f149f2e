// The message thread of one reservation: the messages, oldest first, and a form to write one. Used on the
// host's /host/reservations and on the guest's /reservations/{id}. Messages are plain text rendered as React text
// (never as HTML), with their line breaks kept by CSS. Loads the thread itself unless the page passes it in.
import { useEffect, useId, useState } from 'react';
import { api } from '#src/lib/isomorphic/api-client';
import * as ja from '#src/i18n/ja';
import { Field, FormErrors, useForm } from '#src/components/form';
import { MESSAGE_MAX, messageSchema, type MessageJson, type MessagesJson } from '#src/modules/reservations/reservation-messages.schemas';
import './message-thread.css';

const t = ja.reservationMessages;

function when(iso: string): string {
  return new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

export interface MessageThreadProps {
  reservationId: number;
  /** The thread as the page already has it (server-rendered); fetched on mount otherwise. */
  initial?: MessagesJson;
  /** Heading text; defaults to the viewer's side's title. */
  title?: string;
  /** Called with the new count after a message was sent. */
  onCount?: (count: number) => void;
}

export function MessageThread({ reservationId, initial, title, onCount }: MessageThreadProps) {
  const [thread, setThread] = useState<MessagesJson | null>(initial ?? null);
  const [failed, setFailed] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const headingId = useId();

  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    api<MessagesJson>(`/api/v1/reservations/${reservationId}/messages`, { signal: controller.signal })
      .then(setThread)
      .catch((error) => {
        if (!controller.signal.aborted) {
          console.error(error);
          setFailed(true);
        }
      });
    return () => controller.abort();
  }, [reservationId, initial]);

  const form = useForm<{ body: string }, MessageJson>({
    schema: messageSchema,
    path: `/api/v1/reservations/${reservationId}/messages`,
    toValues: (data) => ({ body: String(data.get('body') ?? '') }),
    onSuccess: (message) => {
      setThread((current) => {
        const next = current ? { ...current, messages: [...current.messages, message] } : current;
        if (next) onCount?.(next.messages.length);
        return next;
      });
      // A new key empties the uncontrolled textarea and its counter.
      setFormKey((k) => k + 1);
    },
  });

  const viewer = thread?.viewer_side;
  return (
    <section className="message-thread" aria-labelledby={headingId} data-testid="message-thread">
      <h3 className="message-thread__title" id={headingId}>
        {title ?? (viewer === 'host' ? t.hostTitle : t.title)}
      </h3>
      {failed ? (
        <p className="alert alert--error">{t.loadFailed}</p>
      ) : !thread ? (
        <p className="muted">{ja.common.loading}</p>
      ) : thread.messages.length === 0 ? (
        <p className="muted message-thread__empty">{t.empty}</p>
      ) : (
        <ol className="message-thread__list">
          {thread.messages.map((m) => {
            const mine = m.side === viewer;
            return (
              <li key={m.id} className={mine ? 'message message--mine' : 'message'} data-testid="message">
                <p className="message__meta">
                  <span className="message__sender">
                    {mine ? t.you : m.sender_name}
                    <span className="message__side">（{m.side === 'host' ? t.hostSide : t.guestSide}）</span>
                  </span>
                  <time dateTime={m.created_at}>{when(m.created_at)}</time>
                </p>
                <p className="message__body">{m.body}</p>
              </li>
            );
          })}
        </ol>
      )}
      {thread && (
        <form {...form.formProps} key={formKey} className="message-thread__form">
          <FormErrors messages={form.errors} />
          <Field name="body" label={t.body} max={MESSAGE_MAX} messages={form.messages('body')}>
            {(control) => <textarea className="textarea" rows={3} placeholder={t.placeholder} {...control} />}
          </Field>
          <button type="submit" className="button button--small" {...form.submitProps}>
            {form.submitting ? t.sending : t.send}
          </button>
        </form>
      )}
    </section>
  );
}
