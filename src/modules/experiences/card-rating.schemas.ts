// The rating a list card carries: the number of reviews and their mean to one decimal (null without reviews), kept by
// the database (experiences.review_count, review_average). Browser-safe.
import { z } from 'zod';
import { countJson } from '#src/lib/isomorphic/validate';

export interface CardRatingJson {
  review_count: number;
  average_rate: number | null;
}

export const cardRatingShape = {
  review_count: countJson(),
  average_rate: z.number().min(0).max(5).nullable().meta({ description: 'レビューの平均評価（小数1桁、レビューがなければ null）' }),
};
