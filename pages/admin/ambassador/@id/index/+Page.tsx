import { PartnerSummary } from '#src/components/admin/PartnerSummary';
import { useRouteId } from '#src/components/admin/useRouteId';

export default function Page() {
  const id = useRouteId();
  return <PartnerSummary kind="ambassador" id={id} />;
}
