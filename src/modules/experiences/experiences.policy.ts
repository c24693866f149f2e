// THE rule for "who may manage an experience" (read it unpublished, see its online URL and hidden address, edit it):
// an administrator (an ADMIN user or the operator's shell), its host user, or any member of its host ambassador.
// The public reads, the host form, calendars, reviews and holding requests all ask these two functions.
// Server-only.
import { isAdmin, userOf, type Ctx } from '#src/lib/context';
import { isAmbassadorMember } from '#src/modules/ambassadors/ambassadors.repository';
import type { IExperience } from './experiences.entity';

type Hosted = Pick<IExperience, 'hostUser' | 'hostAmbassador'>;

/** True when the signed-in user hosts the experience: its host user, or a member of its host ambassador. */
export async function isExperienceHost(ctx: Ctx, experience: Hosted): Promise<boolean> {
  const user = userOf(ctx);
  if (!user) return false;
  if (experience.hostUser) return experience.hostUser.id === user.id;
  if (experience.hostAmbassador) return isAmbassadorMember(ctx.em, experience.hostAmbassador.id, user.id);
  return false;
}

/** True when the actor may manage the experience: an administrator or its host. */
export async function canManageExperience(ctx: Ctx, experience: Hosted): Promise<boolean> {
  return isAdmin(ctx) || isExperienceHost(ctx, experience);
}
