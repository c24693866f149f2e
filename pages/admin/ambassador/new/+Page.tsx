import { PartnerForm } from '#src/components/admin/PartnerForm';

export default function Page() {
  return <PartnerForm kind="ambassador" />;
}
