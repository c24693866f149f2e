// Read helpers other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BrandMemberActor } from '#src/lib/context';
import { BrandMember } from './brand-members.entity';

/**
 * The actor of a brand portal session (`req.session.brandMemberId`): only a member who accepted the invitation.
 * A brand member is never a marketplace user and never an administrator.
 */
export async function findBrandMemberActor(em: EntityManager, id: number): Promise<BrandMemberActor | null> {
  const member = await em.findOne(BrandMember, { id, invitationAccepted: true });
  return member ? { kind: 'brandMember', id: member.id, email: member.email, brandId: member.brand.id } : null;
}
