import { PartnerForm } from '#src/components/admin/PartnerForm';
import { useRouteId } from '#src/components/admin/useRouteId';

export default function Page() {
  const id = useRouteId();
  return <PartnerForm kind="brand" id={id} />;
}
