// A host's public page (/users/{id}): name, avatar, introduction and published experiences. Only users who host at
// least one published experience have a public page; anyone else (a guest who only books) is a 404, so the page
// never exposes people who did not choose to be visible.
import type { Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { idFrom, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { ExperiencesService } from '#src/modules/experiences/experiences.service';
import { User } from './users.entity';
import type { PublicProfileJson } from './profile.schemas';

export interface ProfilesDeps {
  experiences: Pick<ExperiencesService, 'listByHostUser'>;
}

export function createProfilesService(deps: ProfilesDeps) {
  /** GET /api/v1/profiles/{id} (input: { id }). */
  async function publicProfile(ctx: Ctx, input: { id: IdInput }): Promise<PublicProfileJson> {
    const notFound = () => new NotFoundError(ja.browse.userNotFound, 'user');
    const id = idFrom(input, 'id', notFound);
    const [user, list] = await Promise.all([ctx.em.findOne(User, { id }), deps.experiences.listByHostUser(ctx, { user_id: id })]);
    if (!user || list.length === 0) throw notFound();
    return { id: user.id, name: user.name, avatar_url: user.avatarUrl ?? null, introduction: user.introduction ?? null, experiences: list };
  }

  return { publicProfile };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
