import { defineEntity, p } from '@mikro-orm/core';
import { User } from '#src/modules/users/users.entity';
import { Reservation } from './reservations.entity';
import { Created } from '#src/lib/base.entity';

/** guest: the reservation's guest wrote it; host: its host user or a member of its host ambassador. */
const MESSAGE_SIDES = ['guest', 'host'] as const;

/** A message in the thread of one reservation, between its guest and the host side. Plain text only (MESSAGE_MAX). */
export const ReservationMessage = defineEntity({
  name: 'ReservationMessage',
  tableName: 'reservation_messages',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    reservation: () => p.manyToOne(Reservation).deleteRule('cascade'),
    sender: () => p.manyToOne(User).deleteRule('cascade'),
    senderSide: p.enum([...MESSAGE_SIDES]),
    body: p.text(),
  },
  checks: [{ name: 'reservation_messages_body_length', expression: 'char_length(body) >= 1 and char_length(body) <= 2000' }],
  indexes: [{ properties: ['reservation', 'createdAt'] }],
});
