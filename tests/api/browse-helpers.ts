// Test data the browse tests need beyond the shared factories: ambassador hosts, reviews, confirmed reservations.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Ambassador, AmbassadorMember } from '#src/modules/ambassadors/ambassadors.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Review } from '#src/modules/reviews/reviews.entity';
import { Reservation, ReservationCalendar } from '#src/modules/reservations/reservations.entity';
import { createExperience, type ExperienceOverrides } from '#tests/factories/experiences';

let counter = 0;

/** An experience hosted by a new ambassador (optionally with a member user). */
export async function createAmbassadorExperience(
  orm: MikroORM,
  options: { memberUserId?: number; approve?: boolean } & ExperienceOverrides = {},
) {
  const em = orm.em.fork();
  const ambassador = em.create(Ambassador, { name: `鈴木工房${++counter}`, description: '器と木工の工房です。', published: true });
  if (options.memberUserId) em.create(AmbassadorMember, { ambassador, user: options.memberUserId });
  await em.flush();
  const created = await createExperience(orm, options);
  const experience = await em.findOneOrFail(Experience, { id: created.id });
  experience.hostUser = null;
  experience.hostAmbassador = ambassador;
  experience.hostedBy = ambassador.name;
  await em.flush();
  return { experience, ambassador };
}

export async function createReview(
  orm: MikroORM,
  input: {
    experienceId: number;
    guestId: number;
    rate: number;
    content?: string;
    postedAt?: Date;
    reply?: { content: string; userId: number | null };
  },
) {
  const em = orm.em.fork();
  const review = em.create(Review, {
    experience: input.experienceId,
    guest: input.guestId,
    rate: input.rate,
    content: input.content ?? 'とても楽しい時間でした。',
    postedAt: input.postedAt ?? new Date(),
    hostReplyContent: input.reply?.content ?? null,
    hostReplyUser: input.reply?.userId ?? null,
    hostRepliedAt: input.reply ? new Date() : null,
  });
  await em.flush();
  return review;
}

/** A reservation of the given slots in the given status (amounts are arbitrary but satisfy the CHECKs). */
export async function createReservation(
  orm: MikroORM,
  input: { userId: number; experienceId: number; calendarIds: number[]; status?: 'confirmed' | 'pending' | 'cancelled' },
) {
  const em = orm.em.fork();
  const status = input.status ?? 'confirmed';
  const reservation = em.create(Reservation, {
    user: input.userId,
    experience: input.experienceId,
    numberOfPeople: 1,
    tourAmount: 1000,
    serviceFee: 50,
    processingFee: 36,
    totalAmount: 1086,
    idempotencyKey: `test-${++counter}-${Date.now()}`,
    status,
    confirmedAt: status === 'confirmed' ? new Date() : null,
  });
  for (const calendarId of input.calendarIds) em.create(ReservationCalendar, { reservation, calendar: calendarId });
  await em.flush();
  return reservation;
}
