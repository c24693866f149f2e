// https://vike.dev/data — the experience, the slots and the first quote, rendered on the server. A 404 or 422 from
// the quote rules becomes the page's error screen (spec: the whole screen is the error list).
import type { PageContextServer } from 'vike/types';
import type { ReservationForm } from '#src/modules/reservations/reservations.schemas';
import { parseId } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { VerifyEmailTexts } from '#src/components/account/VerifyEmailNotice';
import { verifyEmailTexts } from '#src/components/account/verify-email-texts';

/** The signed-in user's address while it is unverified (the server refuses the booking): the notice and the hint. */
type Unverified = { texts: VerifyEmailTexts; hint: string } | null;

export type Data =
  | { form: ReservationForm; errors: null; confirmReservationId: number | null; unverified: Unverified }
  | { form: null; errors: string[]; confirmReservationId: null };

export async function data(pageContext: PageContextServer): Promise<Data> {
  const { services, ctx } = pageContext;
  const search = pageContext.urlParsed.search;
  try {
    const form = await services.reservations.form(ctx, { tour_id: search.tour_id, cid: search.cid });
    // Back from a redirect-based card authentication (Stripe return_url): the page finishes the reservation.
    const user = pageContext.user;
    // The texts travel with the data, so the form's first-load JavaScript does not carry them.
    const unverified =
      user && !user.email_verified
        ? { texts: verifyEmailTexts(user.email, 'booking'), hint: ja.emailVerification.bookAfterVerifying }
        : null;
    return { form, errors: null, confirmReservationId: parseId(search.confirm_reservation), unverified };
  } catch (error) {
    const e = error as { status?: number; message?: string; details?: Record<string, string[]> };
    if (e.status === 404 || e.status === 422) {
      // The error screen, answered with the quote's status (an unknown experience or date 404, dates that cannot be
      // booked 422).
      pageContext.request.answerWith(e.status);
      const messages = e.details ? Object.values(e.details).flat() : [];
      return { form: null, errors: messages.length > 0 ? messages : [e.message ?? ''], confirmReservationId: null };
    }
    throw error;
  }
}
