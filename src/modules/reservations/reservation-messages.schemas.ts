// The message thread of a reservation: GET and POST /api/v1/reservations/{id}/messages and the
// MessageThread component on the host's and the guest's pages. Browser-safe.
import { z } from 'zod';
import { requiredText, type InputOf } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';

/** At most this many characters in one message (the table's CHECK repeats it). */
export const MESSAGE_MAX = 2000;

export const messageSchema = z.object({
  body: requiredText(ja.reservationMessages.required, ja.reservationMessages.tooLong(MESSAGE_MAX), MESSAGE_MAX, { multiLine: true }),
});
export type MessageInput = InputOf<typeof messageSchema>;

export type MessageSide = 'guest' | 'host';

export const messageJsonSchema = z
  .object({
    id: z.number().int().min(1),
    /** Who wrote it: the guest, or the host side (the host user or a member of the host ambassador). */
    side: z.enum(['guest', 'host']),
    /** The guest's name, or the experience's host name as the guest sees it (hosted_by). */
    sender_name: z.string(),
    /** Plain text; pages render it as text (never as HTML). */
    body: z.string().max(MESSAGE_MAX),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'ReservationMessage', description: '予約のメッセージ（テキストのみ）' });
export type MessageJson = z.output<typeof messageJsonSchema>;

export const messagesJsonSchema = z
  .object({
    reservation_id: z.number().int().min(1),
    /** The side the caller is on. */
    viewer_side: z.enum(['guest', 'host']),
    messages: z.array(messageJsonSchema),
  })
  .meta({ id: 'ReservationMessages', description: '予約のメッセージのやりとり（古い順）' });
export type MessagesJson = z.output<typeof messagesJsonSchema>;
