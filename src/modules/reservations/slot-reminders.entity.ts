import { defineEntity, p } from '@mikro-orm/core';
import { Calendar } from '#src/modules/calendars/calendars.entity';

/**
 * One row per slot whose day-before reminders were queued. The unique calendar id is what makes the
 * reminders go out once whatever the number of workers: the job inserts the row and queues the mails in one
 * transaction, and only the transaction whose insert went through queues anything.
 */
export const SlotReminder = defineEntity({
  name: 'SlotReminder',
  tableName: 'slot_reminders',
  properties: {
    id: p.integer().primary(),
    calendar: () => p.manyToOne(Calendar).deleteRule('cascade').unique(),
    sentAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
});
