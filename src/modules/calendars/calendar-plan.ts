// Calendar editing rules for the host form (not a service: pure rules over an EntityManager inside the
// experiences host service's transaction): creates, moves and deletes an experience's future slots and records its recurrence rules.
//
// The request's `calendars` list is the complete list of future slots to keep or create: an existing future slot
// missing from it is deleted. New or changed `recurrence_rules` also make sure every slot they describe exists
// (so an API client may send only rules); an unchanged rule creates nothing again, so a slot a host removed
// from a rule stays removed. Past slots are never touched. A slot with reservations or seats on hold, or one the host
// cancelled (no longer accepting reservations: guests were told it is 開催中止), is never deleted or moved, and no
// slot's recruitment drops below its participants: 422 with the slot named.
import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ValidationError, type FieldMessages } from '#src/lib/isomorphic/errors';
import { formatDateJa, todayInJapan } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import { Calendar, RecurrenceRule, type ICalendar, type IRecurrenceRule } from './calendars.entity';
import { expandRecurrence } from './recurrence';
import { slotStarted } from './slots';
import { noteNewDates } from '#src/modules/favorites/favorite-dates';
import { calendarIdsWithReservations } from '#src/modules/reservations/reservations.repository';
import type { IExperience } from '#src/modules/experiences/experiences.repository';
import {
  calendarDateIssue,
  recurrenceRuleIssues,
  slotStartIssue,
  type CalendarEntryData,
  type RecurrenceRuleData,
  type HostCalendarJson,
  type RecurrenceRuleJson,
} from '#src/modules/calendars/calendar-plan.schemas';
import { HOST_LIMITS } from '#src/modules/experiences/experience-form.shared';

const m = ja.hostStory.errors;

export interface CalendarPlanInput {
  calendars: CalendarEntryData[];
  recurrence_rules: RecurrenceRuleData[];
  recruitment_number: number;
}

const slotKey = (s: { date: string; start_time: string; end_time: string }) => `${s.date} ${s.start_time}-${s.end_time}`;
const when = (s: { date: string; startTime: string }) => `${formatDateJa(s.date)} ${s.startTime}`;

function sameRule(row: IRecurrenceRule, input: RecurrenceRuleData): boolean {
  return (
    row.startDate === input.start_date &&
    row.endDate === input.end_date &&
    row.startTime === input.start_time &&
    row.endTime === input.end_time &&
    [...row.dayOfWeek].join(',') === input.day_of_week.join(',')
  );
}

/** Calendar ids (of the given ones) that a reservation refers to, whatever its status. */
const idsWithReservations = calendarIdsWithReservations;

/**
 * Applies the request's slots and rules to the experience. Must run inside a transaction: the experience's future
 * slots are locked (FOR UPDATE) so a reservation cannot slip in between the check and the change.
 * Throws ValidationError (422) before changing anything when a rule is broken.
 */
export async function syncCalendars(em: EntityManager, experience: IExperience, input: CalendarPlanInput, now: Date): Promise<void> {
  const today = todayInJapan(now);
  const isNew = experience.id === undefined;
  const existing = isNew
    ? []
    : await em.find(
        Calendar,
        { experience, date: { $gte: today } },
        { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { date: 'asc', startTime: 'asc', id: 'asc' } },
      );
  const existingRules = isNew ? [] : await em.find(RecurrenceRule, { experience });
  const byId = new Map(existing.map((c) => [c.id, c]));
  const reservedIds = await idsWithReservations(
    em,
    existing.map((c) => c.id),
  );
  const isReserved = (c: ICalendar) => c.participantNumber > 0 || reservedIds.has(c.id);
  /** Only the host's slot cancellation stops a slot accepting reservations (reservations/cancellation.ts). */
  const isCancelled = (c: ICalendar) => !c.acceptingReservation;

  const errors: FieldMessages = {};
  const fail = (field: string, message: string) => {
    errors[field] ??= [];
    errors[field].push(message);
  };

  // 1. Rules: keep the unchanged, update the changed, create the new, delete the ones no longer listed.
  const rulesById = new Map(existingRules.map((r) => [r.id, r]));
  const keptRuleIds = new Set<string>();
  const toExpand: { rule: IRecurrenceRule; input: RecurrenceRuleData; index: number }[] = [];
  const ruleOf = new Map<string, IRecurrenceRule>();
  const newRuleIds = input.recurrence_rules.map((r) => r.uuid).filter((u): u is string => !!u && !rulesById.has(u));
  // A client-made uuid that another experience already uses is replaced rather than refused.
  const takenElsewhere = new Set(
    newRuleIds.length ? (await em.find(RecurrenceRule, { id: { $in: newRuleIds } }, { fields: ['id'] })).map((r) => r.id) : [],
  );
  input.recurrence_rules.forEach((ruleInput, index) => {
    const existingRule = ruleInput.uuid ? rulesById.get(ruleInput.uuid) : undefined;
    if (existingRule && keptRuleIds.has(existingRule.id)) return; // the same rule listed twice
    if (existingRule && sameRule(existingRule, ruleInput)) {
      keptRuleIds.add(existingRule.id);
      ruleOf.set(existingRule.id, existingRule);
      return;
    }
    for (const [field, message] of Object.entries(recurrenceRuleIssues(ruleInput, today)))
      fail(`recurrence_rules.${index}.${field}`, message);
    let rule: IRecurrenceRule;
    if (existingRule) {
      keptRuleIds.add(existingRule.id);
      rule = existingRule;
    } else {
      const id = ruleInput.uuid && !takenElsewhere.has(ruleInput.uuid) && !ruleOf.has(ruleInput.uuid) ? ruleInput.uuid : randomUUID();
      rule = em.create(RecurrenceRule, {
        id,
        experience,
        startDate: ruleInput.start_date,
        endDate: ruleInput.end_date,
        startTime: ruleInput.start_time,
        endTime: ruleInput.end_time,
        dayOfWeek: ruleInput.day_of_week,
      });
    }
    Object.assign(rule, {
      startDate: ruleInput.start_date,
      endDate: ruleInput.end_date,
      startTime: ruleInput.start_time,
      endTime: ruleInput.end_time,
      dayOfWeek: [...ruleInput.day_of_week],
    });
    ruleOf.set(rule.id, rule);
    if (ruleInput.uuid) ruleOf.set(ruleInput.uuid, rule); // slots of this request may name the client's uuid
    toExpand.push({ rule, input: ruleInput, index });
  });

  // 2. Existing slots named by id are kept (and moved when their date or time changed).
  const keptIds = new Set<number>();
  const taken = new Set<string>();
  const pastIds = input.calendars.filter((c) => c.id && !byId.has(c.id)).map((c) => c.id as number);
  const pastOfThis = new Set(
    pastIds.length && !isNew ? (await em.find(Calendar, { id: { $in: pastIds }, experience }, { fields: ['id'] })).map((c) => c.id) : [],
  );
  const newEntries: { entry: CalendarEntryData; index: number }[] = [];
  input.calendars.forEach((entry, index) => {
    if (!entry.id) {
      newEntries.push({ entry, index });
      return;
    }
    const slot = byId.get(entry.id);
    if (!slot) {
      // A slot of this experience that became past since the form loaded is left alone; any other id is an error.
      if (!pastOfThis.has(entry.id)) fail(`calendars.${index}.id`, m.calendarUnknown);
      return;
    }
    if (keptIds.has(slot.id)) return;
    keptIds.add(slot.id);
    const moved = slot.date !== entry.date || slot.startTime !== entry.start_time || slot.endTime !== entry.end_time;
    if (moved) {
      if (isCancelled(slot)) {
        fail(`calendars.${index}.date`, m.slotCancelledDelete(when(slot)));
        return;
      }
      if (isReserved(slot)) {
        fail(`calendars.${index}.date`, m.slotReservedDelete(when(slot)));
        return;
      }
      const issue = calendarDateIssue(entry.date, today) ?? slotStartIssue(entry.date, entry.start_time, now);
      if (issue) fail(`calendars.${index}.date`, issue);
      slot.date = entry.date;
      slot.startTime = entry.start_time;
      slot.endTime = entry.end_time;
    }
    taken.add(slotKey({ date: slot.date, start_time: slot.startTime, end_time: slot.endTime }));
  });

  // 3. Existing future slots no longer listed are deleted, unless they have reservations or were cancelled.
  const toDelete: ICalendar[] = [];
  for (const slot of existing) {
    if (keptIds.has(slot.id)) continue;
    if (isCancelled(slot)) fail('calendars', m.slotCancelledDelete(when(slot)));
    else if (isReserved(slot)) fail('calendars', m.slotReservedDelete(when(slot)));
    else toDelete.push(slot);
  }

  // 4. Every kept future slot takes the experience's recruitment number, never below its participants.
  for (const slot of existing) {
    if (!keptIds.has(slot.id)) continue;
    if (slot.participantNumber > input.recruitment_number) {
      fail('recruitment_number', m.recruitmentBelowParticipants(when(slot), slot.participantNumber));
    } else {
      slot.recruitmentNumber = input.recruitment_number;
    }
  }

  // 5. New single slots, then every slot the new or changed rules describe (one slot per date and time).
  const creations: { date: string; start_time: string; end_time: string; rule: IRecurrenceRule | null }[] = [];
  for (const { entry, index } of newEntries) {
    const issue = calendarDateIssue(entry.date, today) ?? slotStartIssue(entry.date, entry.start_time, now);
    if (issue) {
      fail(`calendars.${index}.date`, issue);
      continue;
    }
    const key = slotKey(entry);
    if (taken.has(key)) continue;
    taken.add(key);
    const rule = entry.recurrence_rule_uuid ? (ruleOf.get(entry.recurrence_rule_uuid) ?? null) : null;
    creations.push({ ...entry, rule });
  }
  for (const { rule, input: ruleInput, index } of toExpand) {
    // A rule's date of today whose start time has come is not created (its later dates are); a rule with no date
    // left is refused like a single date that has started.
    const upcoming = expandRecurrence(ruleInput, { from: today }).filter((slot) => !slotStarted(slot.date, slot.start_time, now));
    if (upcoming.length === 0 && !errors[`recurrence_rules.${index}.day_of_week`] && !errors[`recurrence_rules.${index}.start_date`])
      fail(`recurrence_rules.${index}.start_date`, m.slotStarted);
    for (const slot of upcoming) {
      const key = slotKey(slot);
      if (taken.has(key)) continue;
      taken.add(key);
      creations.push({ ...slot, rule });
    }
  }
  if (keptIds.size + creations.length > HOST_LIMITS.calendars) fail('calendars', m.calendarsTooMany(HOST_LIMITS.calendars));
  if (isNew && creations.length === 0 && !errors.calendars) fail('calendars', m.calendarsRequired);

  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  for (const slot of toDelete) em.remove(slot);
  for (const rule of existingRules) if (!keptRuleIds.has(rule.id)) em.remove(rule);
  const created = creations.map((c) =>
    em.create(Calendar, {
      experience,
      date: c.date,
      startTime: c.start_time,
      endTime: c.end_time,
      recurrenceRule: c.rule,
      recruitmentNumber: input.recruitment_number,
      participantNumber: 0,
      acceptingReservation: true,
    }),
  );
  // Dates added to an existing experience are news for the guests who hearted it (favorites/favorite-dates.ts).
  if (!isNew && created.length > 0) {
    await em.flush();
    await noteNewDates(
      em,
      experience.id,
      created.map((slot) => slot.id),
    );
  }
}

/** The experience's slots from today on, and its rules, as the edit form reads them. */
export async function futureCalendarsJson(
  em: EntityManager,
  experienceId: number,
  today: string,
): Promise<{ calendars: HostCalendarJson[]; recurrence_rules: RecurrenceRuleJson[] }> {
  const slots = await em.find(
    Calendar,
    { experience: experienceId, date: { $gte: today } },
    { orderBy: { date: 'asc', startTime: 'asc', id: 'asc' } },
  );
  const rules = await em.find(RecurrenceRule, { experience: experienceId }, { orderBy: { createdAt: 'asc' } });
  const reservedIds = await idsWithReservations(
    em,
    slots.map((s) => s.id),
  );
  return {
    calendars: slots.map((s) => ({
      id: s.id,
      date: s.date,
      start_time: s.startTime,
      end_time: s.endTime,
      recurrence_rule_uuid: s.recurrenceRule?.id ?? null,
      recruitment_number: s.recruitmentNumber,
      participant_number: s.participantNumber,
      accepting_reservation: s.acceptingReservation,
      reserved: s.participantNumber > 0 || reservedIds.has(s.id),
    })),
    recurrence_rules: rules.map((r) => ({
      uuid: r.id,
      start_date: r.startDate,
      end_date: r.endDate,
      start_time: r.startTime,
      end_time: r.endTime,
      day_of_week: [...r.dayOfWeek] as RecurrenceRuleJson['day_of_week'],
    })),
  };
}
