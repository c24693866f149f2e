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

/**
 * The same rule over a row read with the viewer's membership already in it (experiences.repository.ts HostedRow):
 * an administrator, the host user, or a member of the host ambassador. No query.
 */
function canManageExperienceRow(
  ctx: Ctx,
  row: { host_user_id: number | null; host_ambassador_id: number | null; viewer_is_member: boolean },
): boolean {
  if (isAdmin(ctx)) return true;
  const user = userOf(ctx);
  if (!user) return false;
  if (row.host_user_id !== null) return row.host_user_id === user.id;
  return row.host_ambassador_id !== null && row.viewer_is_member;
}

/**
 * THE visibility rule over such a row: published, or the actor manages it; otherwise (or when there is no row) the
 * error `notFound` makes. Returns whether the actor manages it.
 */
export function visibleRowOr404<
  R extends { approve: boolean; host_user_id: number | null; host_ambassador_id: number | null; viewer_is_member: boolean },
>(ctx: Ctx, row: R | null, notFound: () => Error): { row: R; privileged: boolean } {
  if (!row) throw notFound();
  const privileged = canManageExperienceRow(ctx, row);
  if (!row.approve && !privileged) throw notFound();
  return { row, privileged };
}
