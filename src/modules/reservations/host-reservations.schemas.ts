// The host's side of reservations (issue 13): GET /api/v1/host/reservations and GET /api/v1/host/calendars/{id}/
// participants, and the /host/reservations page. Browser-safe.
import { z } from 'zod';
import { ja } from '#src/i18n/ja';
import { pageSchema, type PageMeta } from '#src/modules/experiences/experiences.schemas';

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
});

export const participantsQuerySchema = z.object({
  /** csv: the same list as a CSV file (also chosen by `Accept: text/csv`). */
  format: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['json', 'csv'], { error: ja.hostReservations.invalidFormat }).optional()),
});

/** One reservation of a slot as its host sees it. No e-mail address: the host talks to the guest in the thread. */
export interface HostReservationJson {
  id: number;
  /** confirmed, or cancelled (then it holds no seat). */
  status: 'confirmed' | 'cancelled';
  guest: { id: number; name: string };
  number_of_people: number;
  option_name: string | null;
  message_to_host: string | null;
  /** When it was confirmed (the booking date the host sees). */
  booked_at: string;
  cancelled_at: string | null;
  message_count: number;
}

export interface HostSlotJson {
  calendar_id: number;
  experience: { id: number; title: string };
  date: string;
  start_time: string;
  end_time: string;
  recruitment_number: number;
  /** Seats taken: confirmed reservations and payments in progress. */
  participant_number: number;
  seats_left: number;
  accepting_reservation: boolean;
  /** The people of confirmed reservations. */
  confirmed_people: number;
  /** True until the slot starts (the host may still cancel it). */
  cancellable: boolean;
  reservations: HostReservationJson[];
}

export interface HostReservationsJson {
  scope: HostScope;
  slots: HostSlotJson[];
  meta: PageMeta;
}

export interface ParticipantJson {
  reservation_id: number;
  name: string;
  number_of_people: number;
  option_name: string | null;
  message_to_host: string | null;
  booked_at: string;
}

export interface ParticipantsJson {
  calendar: {
    id: number;
    experience: { id: number; title: string };
    date: string;
    start_time: string;
    end_time: string;
    recruitment_number: number;
    participant_number: number;
    seats_left: number;
  };
  participants: ParticipantJson[];
  total_people: number;
}
