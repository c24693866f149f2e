// キャンセル待ち (waitlist): the join form, the list query and the entries' JSON (GET/POST /api/v1/waitlist,
// DELETE /api/v1/waitlist/{id}). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { dateJson, dateTimeJson, idJson, timeJson, type InputOf } from '#src/lib/isomorphic/validate';
import { MAX_ID } from '#src/lib/isomorphic/validate';

const e = ja.waitlist.errors;

const positiveInt = (message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(max, message),
  );

export const joinWaitlistSchema = z.object({
  calendar_id: positiveInt(e.calendarNotFound, MAX_ID),
  /** 1 to the slot's recruitment number (free experiences: 1), checked against the slot by the service. */
  number_of_people: positiveInt(ja.reservations.peopleInvalid, 30),
});
export type JoinWaitlistInput = InputOf<typeof joinWaitlistSchema>;

export const waitlistQuerySchema = z.object({
  /** Only the entries on this experience's slots. */
  tour_id: z.preprocess((v) => (v === '' ? undefined : v), positiveInt(ja.reservations.experienceNotFound, MAX_ID).optional()),
});
export type WaitlistQuery = InputOf<typeof waitlistQuerySchema>;

const WAITLIST_DISPLAY_STATUSES = ['waiting', 'offered', 'booked', 'lapsed', 'left', 'closed', 'cancelled'] as const;

export const waitlistEntryJsonSchema = z
  .object({
    id: idJson(),
    calendar_id: idJson(),
    tour_id: idJson(),
    title: z.string(),
    date: dateJson(),
    start_time: timeJson(),
    end_time: timeJson(),
    number_of_people: z.number().int().min(1),
    status: z.enum(WAITLIST_DISPLAY_STATUSES).meta({
      description:
        'waiting（順番待ち）/ offered（席を確保中）/ booked / lapsed（期限切れ）/ left（取り消し）/ closed（受付終了）/ cancelled（ホストが日程を中止）',
    }),
    /** 1 = next in line; only while waiting. */
    position: z.number().int().min(1).nullable(),
    offer: z
      .object({
        expires_at: dateTimeJson(),
        /** The reservation form of the slot, prefilled with the party. */
        reserve_url: z.string(),
      })
      .nullable(),
    created_at: dateTimeJson(),
  })
  .meta({ id: 'WaitlistEntry', description: 'キャンセル待ち' });
export type WaitlistEntryJson = z.output<typeof waitlistEntryJsonSchema>;

export const waitlistJsonSchema = z
  .object({ entries: z.array(waitlistEntryJsonSchema) })
  .meta({ id: 'Waitlist', description: '自分のキャンセル待ち（順番待ち、ご案内中、日程が中止になったもの）' });
export type WaitlistJson = z.output<typeof waitlistJsonSchema>;
