// A brand member as the admin API, the portal and the CLI show it. Server-only.
import type { IBrandMember } from './brand-members.entity';
import type { BrandMemberJson } from './brand-members.schemas';

export function brandMemberJson(member: IBrandMember): BrandMemberJson {
  return {
    id: member.id,
    email: member.email,
    invitation_accepted: member.invitationAccepted,
    invitation_created_at: new Date(member.invitationCreatedAt).toISOString(),
    invitation_accepted_at: member.invitationAcceptedAt ? new Date(member.invitationAcceptedAt).toISOString() : null,
    brand_id: member.brand.id,
  };
}
