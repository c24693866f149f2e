// The host's side of reservations: GET /api/v1/host/reservations and GET /api/v1/host/calendars/{id}/
// participants, and the /host/reservations page. Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { pageSchema } from '#src/modules/experiences/experiences.schemas';
import type { InputOf } from '#src/lib/isomorphic/validate';
import { idFilter } from '#src/lib/isomorphic/list-filters';

/** Slots per page on /host/reservations. */
export const HOST_SLOTS_PER_PAGE = 10;

export const HOST_SCOPES = ['upcoming', 'past'] as const;
export type HostScope = (typeof HOST_SCOPES)[number];

export const hostReservationsQuerySchema = z.object({
  scope: z.preprocess(
    (v) => (v === undefined || v === '' ? 'upcoming' : v),
    z.enum(HOST_SCOPES, { error: ja.hostReservations.invalidScope }),
  ),
  page: pageSchema,
  /** One of the host's experiences only (the link of the host's mail after cancelling a slot); blank: all of them. */
  experience_id: idFilter(ja.hostReservations.invalidExperience),
});
export type HostReservationsQuery = InputOf<typeof hostReservationsQuerySchema>;

export const participantsQuerySchema = z.object({
  /** csv: the same list as a CSV file (also chosen by `Accept: text/csv`). */
  format: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['json', 'csv'], { error: ja.hostReservations.invalidFormat }).optional()),
});
export type ParticipantsQuery = InputOf<typeof participantsQuerySchema>;

// Response shapes (zod, so the OpenAPI document can name them as each route's 2xx; the types are their output).
const id = () => z.number().int().min(1);
const count = () => z.number().int().min(0);
const instant = () => z.string().meta({ format: 'date-time' });
const pageMeta = z.object({ total_count: count(), page: id(), per_page: id(), total_pages: count() });
const experienceRef = z.object({ id: id(), title: z.string() });

/** One reservation of a slot as its host sees it. No e-mail address: the host talks to the guest in the thread. */
export const hostReservationJsonSchema = z.object({
  id: id(),
  /** confirmed, or cancelled (then it holds no seat). */
  status: z.enum(['confirmed', 'cancelled']),
  guest: z.object({ id: id(), name: z.string() }),
  number_of_people: id(),
  option_name: z.string().nullable(),
  message_to_host: z.string().nullable(),
  /** When it was confirmed (the booking date the host sees). */
  booked_at: instant(),
  cancelled_at: instant().nullable(),
  message_count: count(),
});
export type HostReservationJson = z.output<typeof hostReservationJsonSchema>;

export const hostSlotJsonSchema = z.object({
  calendar_id: id(),
  experience: experienceRef,
  date: z.string().meta({ format: 'date' }),
  start_time: z.string(),
  end_time: z.string(),
  recruitment_number: id(),
  /** Seats taken: confirmed reservations and payments in progress. */
  participant_number: count(),
  seats_left: count(),
  accepting_reservation: z.boolean(),
  /** キャンセル待ち: the guests waiting in line for this slot (offers in progress not counted) and their people. */
  waitlist_count: count(),
  waitlist_people: count(),
  /** The people of confirmed reservations. */
  confirmed_people: count(),
  /** True until the slot starts (the host may still cancel it). */
  cancellable: z.boolean(),
  /** 開催中止: the host cancelled the slot (この回を中止する); it takes no bookings and its reservations were refunded. */
  cancelled: z.boolean(),
  reservations: z.array(hostReservationJsonSchema),
});
export type HostSlotJson = z.output<typeof hostSlotJsonSchema>;

export const hostReservationsJsonSchema = z
  .object({
    scope: z.enum(HOST_SCOPES),
    /** The experience the list is narrowed to (`experience_id`), or null for all the host's experiences. */
    experience: experienceRef.nullable(),
    slots: z.array(hostSlotJsonSchema).max(HOST_SLOTS_PER_PAGE),
    meta: pageMeta,
  })
  .meta({ id: 'HostReservations', description: 'ホストの開催回ごとの予約（これから／終了した開催）' });
export type HostReservationsJson = z.output<typeof hostReservationsJsonSchema>;

export const participantJsonSchema = z.object({
  reservation_id: id(),
  name: z.string(),
  number_of_people: id(),
  option_name: z.string().nullable(),
  message_to_host: z.string().nullable(),
  booked_at: instant(),
});
export type ParticipantJson = z.output<typeof participantJsonSchema>;

export const participantsJsonSchema = z
  .object({
    calendar: z.object({
      id: id(),
      experience: experienceRef,
      date: z.string().meta({ format: 'date' }),
      start_time: z.string(),
      end_time: z.string(),
      recruitment_number: id(),
      participant_number: count(),
      seats_left: count(),
    }),
    participants: z.array(participantJsonSchema),
    total_people: count(),
  })
  .meta({ id: 'SlotParticipants', description: '開催回の参加者（確定した予約のみ）' });
export type ParticipantsJson = z.output<typeof participantsJsonSchema>;
