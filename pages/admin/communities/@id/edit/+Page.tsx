import { CommunityForm } from '#src/components/admin/CommunityForm';
import { useRouteId } from '#src/components/admin/useRouteId';

export default function Page() {
  const id = useRouteId();
  return <CommunityForm id={id} />;
}
