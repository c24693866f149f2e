// The brand member's e-mail change on /brand/account: the marketplace's form and mechanism behind the portal's door
// (POST /brand/api/v1/brand-members/email).
import { EmailChangeSection as Section } from '#src/components/account/EmailChangeSection';
import { BRAND_API } from '#src/components/brand/brand-paths';
import type { EmailStatusJson } from '#src/modules/email-changes/email-changes.schemas';

export function EmailChangeSection({ status }: { status: EmailStatusJson }) {
  return <Section path={`${BRAND_API}/brand-members/email`} status={status} />;
}
