// The public profile JSON (/users/{id}, GET /api/v1/profiles/{id}). Browser-safe.
import { z } from 'zod';
import { idJson, urlJson } from '#src/lib/isomorphic/validate';
import { experienceCardJsonSchema } from '#src/modules/experiences/experiences.schemas';

export const publicProfileJsonSchema = z
  .object({
    id: idJson(),
    name: z.string(),
    avatar_url: urlJson().nullable(),
    introduction: z.string().nullable(),
    /** Published experiences hosted by the user, newest first. */
    experiences: z.array(experienceCardJsonSchema),
  })
  .meta({ id: 'PublicProfile', description: '公開プロフィール' });
export type PublicProfileJson = z.output<typeof publicProfileJsonSchema>;
