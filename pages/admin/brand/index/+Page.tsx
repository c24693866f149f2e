import { PartnerList } from '#src/components/admin/PartnerList';

export default function Page() {
  return <PartnerList kind="brand" />;
}
