// Test reviews, with an optional host reply.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Review } from '#src/modules/reviews/reviews.entity';

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
