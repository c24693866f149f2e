import { defineEntity, p } from '@mikro-orm/core';
import { User } from '#src/modules/users/users.entity';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { Timestamped } from '#src/lib/base.entity';
import { Reservation } from './reservations.entity';

const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'lapsed', 'left', 'closed'] as const;

/**
 * A guest's place in line for a full slot (キャンセル待ち). The line is the id order of the 'waiting' rows. An offer
 * is a seat hold: a pending reservation (reservation_id) holding the entry's seats until its hold ends. At most one
 * active entry (waiting or offered) per guest and slot, and one entry per offered hold (unique partial indexes).
 */
export const WaitlistEntry = defineEntity({
  name: 'WaitlistEntry',
  tableName: 'waitlist_entries',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    calendar: () => p.manyToOne(Calendar).deleteRule('cascade'),
    numberOfPeople: p.integer(),
    status: p.enum([...WAITLIST_STATUSES]).default('waiting'),
    /** The hold of the offer (a pending reservation); kept after the offer ends, for the record. */
    reservation: () => p.manyToOne(Reservation).nullable().deleteRule('set null'),
    offeredAt: p.datetime().nullable(),
  },
  checks: [
    { name: 'waitlist_entries_number_of_people_positive', expression: 'number_of_people >= 1' },
    {
      name: 'waitlist_entries_offer_has_hold',
      expression: "status <> 'offered' or (reservation_id is not null and offered_at is not null)",
    },
  ],
  indexes: [
    { name: 'waitlist_entries_line_index', properties: ['calendar', 'id'], where: "status = 'waiting'" },
    { properties: ['user', 'createdAt'] },
  ],
  uniques: [
    {
      name: 'waitlist_entries_one_active_unique',
      properties: ['user', 'calendar'],
      where: "status in ('waiting', 'offered')",
    },
    { name: 'waitlist_entries_reservation_id_unique', properties: ['reservation'] },
  ],
});
