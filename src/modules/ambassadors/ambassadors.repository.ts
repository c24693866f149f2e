// Ambassador reads other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
// THE rule for "which ambassador does a user act for": their first membership (lowest ambassador_members.id).
// GET /api/v1/me (current_ambassador_id), hosting an experience and the form's community choices all use it.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PartnerSummary } from '#src/modules/communities/communities.schemas';
import { sortedImageJson } from '#src/modules/images/images.schemas';
import { Ambassador, AmbassadorCommunity, AmbassadorMember } from './ambassadors.entity';

/** The ambassador a user acts for (their first membership), or null. */
export async function currentAmbassadorId(em: EntityManager, userId: number): Promise<number | null> {
  const membership = await em.findOne(AmbassadorMember, { user: userId }, { orderBy: { id: 'asc' }, fields: ['ambassador'] });
  return membership ? membership.ambassador.id : null;
}

/** The same rule as SQL: the current ambassador id of the user whose id is the SQL expression `userId`. */
export function currentAmbassadorIdSql(userId: string): string {
  return `(SELECT am.ambassador_id FROM ambassador_members am WHERE am.user_id = ${userId} ORDER BY am.id LIMIT 1)`;
}

/** Every ambassador the user is a member of (the experiences they may manage are those ambassadors'). */
export async function memberAmbassadorIds(em: EntityManager, userId: number): Promise<number[]> {
  const rows = await em.find(AmbassadorMember, { user: userId }, { fields: ['ambassador'], orderBy: { id: 'asc' } });
  return rows.map((r) => r.ambassador.id);
}

/** True when the user is a member of that ambassador (one indexed lookup on the unique (ambassador_id, user_id)). */
export async function isAmbassadorMember(em: EntityManager, ambassadorId: number, userId: number): Promise<boolean> {
  return (await em.count(AmbassadorMember, { ambassador: ambassadorId, user: userId })) > 0;
}

/** The e-mail of an ambassador's first member (where mails go when the ambassador has no address of its own). */
async function firstMemberEmail(em: EntityManager, ambassadorId: number): Promise<string | null> {
  const member = await em.findOne(AmbassadorMember, { ambassador: ambassadorId }, { populate: ['user'], orderBy: { id: 'asc' } });
  return member?.user.email ?? null;
}

/** Published ambassadors associated with a community (community page). */
export async function publishedAmbassadorsOfCommunity(em: EntityManager, communityId: number): Promise<PartnerSummary[]> {
  const links = await em.find(
    AmbassadorCommunity,
    { community: communityId, ambassador: { published: true } },
    { populate: ['ambassador', 'ambassador.images'], orderBy: { associatedAt: 'asc', id: 'asc' } },
  );
  return links.map((link) => ({
    id: link.ambassador.id,
    name: link.ambassador.name,
    image_url: sortedImageJson(link.ambassador.images)[0]?.url ?? null,
  }));
}

/** The user ids of an ambassador's members (the user picker leaves them out). */
export async function memberUserIds(em: EntityManager, ambassadorId: number): Promise<number[]> {
  const rows = await em.find(AmbassadorMember, { ambassador: ambassadorId }, { fields: ['user'] });
  return rows.map((row) => row.user.id);
}

/** The names and e-mail addresses of an ambassador's members (mails to each of them), oldest member first. */
export async function memberContacts(em: EntityManager, ambassadorId: number): Promise<{ name: string; email: string }[]> {
  const rows = await em.find(AmbassadorMember, { ambassador: ambassadorId }, { populate: ['user'], orderBy: { id: 'asc' } });
  return rows.map((row) => ({ name: row.user.name, email: row.user.email }));
}

/**
 * Where an ambassador's mails go: its own e-mail, else its first member's; null when it has neither. Throws when the
 * ambassador does not exist.
 */
export async function ambassadorContact(em: EntityManager, ambassadorId: number): Promise<{ name: string; email: string | null }> {
  const ambassador = await em.findOneOrFail(Ambassador, { id: ambassadorId });
  return { name: ambassador.name, email: ambassador.email ?? (await firstMemberEmail(em, ambassador.id)) };
}

/** The communities an ambassador is associated with (the host form's choices), oldest association first. */
export async function ambassadorCommunityChoices(em: EntityManager, ambassadorId: number): Promise<{ id: number; name: string }[]> {
  const rows = await em.find(
    AmbassadorCommunity,
    { ambassador: ambassadorId },
    { populate: ['community'], orderBy: { associatedAt: 'asc', id: 'asc' } },
  );
  return rows.map((r) => ({ id: r.community.id, name: r.community.name }));
}

/** True when the ambassador is associated with the community. */
export async function ambassadorHasCommunity(em: EntityManager, ambassadorId: number, communityId: number): Promise<boolean> {
  return (await em.count(AmbassadorCommunity, { ambassador: ambassadorId, community: communityId })) > 0;
}
