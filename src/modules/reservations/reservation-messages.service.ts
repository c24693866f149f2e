// The message thread of a reservation: its guest and its host side (the host user, or any member of the
// host ambassador, through isExperienceHost) read and write it; for everybody else, administrators included, the
// reservation does not exist (404). Only reservations that were confirmed have a thread (a hold in progress or a
// failed payment has nobody to talk to); a cancelled one keeps it, so both sides can still settle what is left.
// Each message is mailed to the other side with a link, in the transaction that stores it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser, type Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { idFrom, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { hit } from '#src/lib/rate-limit';
import { isExperienceHost } from '#src/modules/experiences/experiences.policy';
import { userContact } from '#src/modules/users/users.repository';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import { Reservation } from './reservations.entity';
import { ReservationMessage } from './reservation-messages.entity';
import { hostContact } from './host-contact';
import { messageSchema, type MessageJson, type MessageSide, type MessagesJson, type MessageInput } from './reservation-messages.schemas';
import { transaction } from '#src/lib/transaction';

export interface ReservationMessagesDeps {
  env: Pick<Env, 'APP_URL' | 'PORT' | 'OFFICE_EMAIL'>;
}

const notFound = () => new NotFoundError(ja.reservationMessages.notFound, 'reservation');

/** Each message is a mail to the other side: at most this many messages per user and hour (429 beyond). */
const MESSAGES_PER_HOUR = 30;

type Thread = { reservation: Awaited<ReturnType<typeof loadReservation>>; side: MessageSide; userId: number };

async function loadReservation(em: EntityManager, id: number) {
  return em.findOne(Reservation, { id, confirmedAt: { $ne: null } }, { populate: ['experience', 'user'] });
}

export function createReservationMessagesService(deps: ReservationMessagesDeps) {
  const baseUrl = publicBaseUrl(deps.env);
  const m = ja.reservationMessages;

  /** The reservation and the caller's side; 404 unless the caller is its guest or on its host side. */
  async function thread(ctx: Ctx, input: { id: IdInput }): Promise<Thread & { reservation: NonNullable<Thread['reservation']> }> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', notFound);
    const reservation = await loadReservation(ctx.em, id);
    if (!reservation) throw notFound();
    if (reservation.user.id === user.id) return { reservation, side: 'guest', userId: user.id };
    if (await isExperienceHost(ctx, reservation.experience)) return { reservation, side: 'host', userId: user.id };
    throw notFound();
  }

  function toJson(
    row: { id: number; senderSide: MessageSide; body: string; createdAt: Date },
    names: Record<MessageSide, string>,
  ): MessageJson {
    return {
      id: row.id,
      side: row.senderSide,
      sender_name: names[row.senderSide],
      body: row.body,
      created_at: new Date(row.createdAt).toISOString(),
    };
  }

  const namesOf = (r: NonNullable<Thread['reservation']>): Record<MessageSide, string> => ({
    guest: r.user.name,
    host: r.experience.hostedBy,
  });

  /** GET /api/v1/reservations/{id}/messages (input: { id }): the thread, oldest first. */
  async function list(ctx: Ctx, input: { id: IdInput }): Promise<MessagesJson> {
    const { reservation, side } = await thread(ctx, input);
    const rows = await ctx.em.find(ReservationMessage, { reservation: reservation.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const names = namesOf(reservation);
    return { reservation_id: reservation.id, viewer_side: side, messages: rows.map((row) => toJson(row, names)) };
  }

  /** POST /api/v1/reservations/{id}/messages (input: { id, body }): stores the message and mails the other side. */
  async function post(ctx: Ctx, input: { id: IdInput } & MessageInput): Promise<MessageJson> {
    const { reservation, side, userId } = await thread(ctx, input);
    const data = parseInput(messageSchema, input);
    await hit(ctx.em, [{ key: `messages:user:${userId}`, max: MESSAGES_PER_HOUR, windowSeconds: 3600 }]);
    const names = namesOf(reservation);
    const title = reservation.experience.title;
    const row = await transaction(ctx.em, async (tx) => {
      const message = tx.create(ReservationMessage, { reservation: reservation.id, sender: userId, senderSide: side, body: data.body });
      await tx.flush();
      const to =
        side === 'guest'
          ? {
              ...(await hostContact(tx, reservation.experience, deps.env.OFFICE_EMAIL)),
              link: `${baseUrl}/host/reservations?reservation=${reservation.id}#reservation-${reservation.id}`,
            }
          : { ...(await userContact(tx, reservation.user.id)), link: `${baseUrl}/reservations/${reservation.id}` };
      // A recipient who turned message notices off in the account settings reads the message on the site only.
      if (to.optional?.messages === false) return message;
      await enqueueMail(tx, [
        {
          dedupeKey: `reservation-message:${message.id}:${side === 'guest' ? 'host' : 'guest'}`,
          to: to.email,
          footer: to.optional ? 'user' : null,
          subject: m.mailSubject(title),
          text: mailText({
            name: to.name,
            body: [
              m.mailLead(ja.hostReservations.reservationNumber(reservation.id), title),
              '',
              side === 'guest' ? m.mailFromGuest(names.guest) : m.mailFromHost(names.host),
              data.body,
              '',
              m.mailReply(to.link),
              m.mailNoReply,
            ],
            baseUrl,
          }),
        },
      ]);
      return message;
    });
    return toJson(row, names);
  }

  return { list, post };
}

export type ReservationMessagesService = ReturnType<typeof createReservationMessagesService>;
