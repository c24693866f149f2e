// カレンダーに追加 on /reservations/{id}: the .ics file of the guest's confirmed reservation, the very file its
// confirmation mail attaches (reservation-mails.ts reservationIcs over settlement.ts loadMailData), so the calendar
// entry the page adds and the one the mail adds are one event (the same UIDs) that the cancellation mail removes.
import type { FileAnswer } from '#src/lib/file-answer';
import type { Ctx } from '#src/lib/context';
import { requireUser } from '#src/lib/context';
import { ConflictError, NotFoundError } from '#src/lib/isomorphic/errors';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { idFrom, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { Reservation } from './reservations.entity';
import { createSettlement } from './settlement';
import { reservationIcs } from './reservation-mails';

const reservationNotFound = () => new NotFoundError(ja.reservations.reservationNotFound, 'reservation');

export interface ReservationCalendarDeps {
  env: Pick<
    Env,
    'OFFICE_EMAIL' | 'PLATFORM_COMMISSION_RATE' | 'SERVICE_FEE_RATE' | 'PROCESSING_FEE_RATE' | 'WAITLIST_OFFER_HOURS' | 'APP_URL' | 'PORT'
  >;
}

export function createReservationCalendarService(deps: ReservationCalendarDeps) {
  const settlement = createSettlement({ env: deps.env, baseUrl: publicBaseUrl(deps.env) });

  /**
   * GET /api/v1/reservations/{id}/calendar.ics (input: { id }): the caller's own confirmed reservation as an
   * iCalendar file (Japan time). 401 signed out, 404 another's or unknown, 409 not confirmed (pending or cancelled).
   */
  async function file(ctx: Ctx, input: { id: IdInput }): Promise<FileAnswer> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', reservationNotFound);
    const reservation = await ctx.em.findOne(Reservation, { id, user: user.id }, { fields: ['id', 'status'] });
    if (!reservation) throw reservationNotFound();
    if (reservation.status !== 'confirmed') throw new ConflictError(ja.calendarLinks.notConfirmed);
    const attachment = reservationIcs(await settlement.loadMailData(ctx.em, id), 'PUBLISH');
    return { filename: `tabitoko-reservation-${id}.ics`, type: attachment.contentType, body: attachment.content };
  }

  return { file };
}

export type ReservationCalendarService = ReturnType<typeof createReservationCalendarService>;
