// THE rule for "who may manage an experience" (read it unpublished, see its online URL and hidden address, edit it):
// an administrator (an ADMIN user or the operator's shell), its host user, or any member of its host ambassador.
// The public reads, the host form, calendars, reviews and holding requests all ask these functions, and every refusal
// of an action on an experience answers through `requireExperienceRight` (404 to whoever may not see it).
// Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isAdmin, userOf, type Ctx } from '#src/lib/context';
import { isAmbassadorMember } from '#src/modules/ambassadors/ambassadors.repository';
import type { IExperience } from './experiences.entity';

type Hosted = Pick<IExperience, 'hostUser' | 'hostAmbassador'>;
type Right = (ctx: Ctx, experience: Hosted) => Promise<boolean>;

/**
 * THE host rule, for an account id: the account is the experience's host user, or a member of its host ambassador.
 * The booking rules (reservations/quote.ts, the waitlist) ask it for the guest inside their transactions; a host may
 * not book, wait for or request their own experience.
 */
export async function userHostsExperience(
  em: EntityManager,
  userId: number,
  host: { hostUserId: number | null; hostAmbassadorId: number | null },
): Promise<boolean> {
  if (host.hostUserId !== null) return host.hostUserId === userId;
  if (host.hostAmbassadorId !== null) return isAmbassadorMember(em, host.hostAmbassadorId, userId);
  return false;
}

/** True when the signed-in user hosts the experience: its host user, or a member of its host ambassador. */
export async function isExperienceHost(ctx: Ctx, experience: Hosted): Promise<boolean> {
  const user = userOf(ctx);
  if (!user) return false;
  return userHostsExperience(ctx.em, user.id, hostIdsOf(experience));
}

/** An experience entity's host ids, as `userHostsExperience` reads them. */
export function hostIdsOf(experience: Hosted): { hostUserId: number | null; hostAmbassadorId: number | null } {
  return { hostUserId: experience.hostUser?.id ?? null, hostAmbassadorId: experience.hostAmbassador?.id ?? null };
}

/** True when the actor may manage the experience: an administrator or its host. */
export async function canManageExperience(ctx: Ctx, experience: Hosted): Promise<boolean> {
  return isAdmin(ctx) || isExperienceHost(ctx, experience);
}

/**
 * THE refusal of an action on an experience (editing it, replying to its reviews, …) to an actor without `right`:
 * one who may not see the experience (unpublished and not theirs to manage, the visibility rule of visibleRowOr404)
 * gets `answers.notFound`, the very answer to an unknown id, so a refusal never tells that an unpublished id exists;
 * one who may see it (published, or theirs to manage) gets `answers.forbidden`.
 */
export async function requireExperienceRight(
  ctx: Ctx,
  experience: Hosted & Pick<IExperience, 'approve'>,
  right: Right,
  answers: { notFound: () => Error; forbidden: () => Error },
): Promise<void> {
  if (await right(ctx, experience)) return;
  const visible = experience.approve || (await canManageExperience(ctx, experience));
  throw visible ? answers.forbidden() : answers.notFound();
}

type HostedRow = { host_user_id: number | null; host_ambassador_id: number | null; viewer_is_member: boolean };

/**
 * The host rule over a row read with the viewer's membership already in it (experiences.repository.ts HostedRow): the
 * signed-in user is the host user, or a member of the host ambassador. No query.
 */
export function hostsExperienceRow(ctx: Ctx, row: HostedRow): boolean {
  const user = userOf(ctx);
  if (!user) return false;
  if (row.host_user_id !== null) return row.host_user_id === user.id;
  return row.host_ambassador_id !== null && row.viewer_is_member;
}

/** The manage rule over such a row: an administrator, or its host (hostsExperienceRow). No query. */
function canManageExperienceRow(ctx: Ctx, row: HostedRow): boolean {
  return isAdmin(ctx) || hostsExperienceRow(ctx, row);
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
