// The public profile JSON (/users/{id}, GET /api/v1/profiles/{id}). Browser-safe.
import type { ExperienceCardJson } from '#src/modules/experiences/experiences.schemas';

export interface PublicProfileJson {
  id: number;
  name: string;
  avatar_url: string | null;
  introduction: string | null;
  /** Published experiences hosted by the user, newest first. */
  experiences: ExperienceCardJson[];
}
