import { AmbassadorMembers } from '#src/components/admin/AmbassadorMembers';
import { useRouteId } from '#src/components/admin/useRouteId';

export default function Page() {
  const id = useRouteId();
  return <AmbassadorMembers id={id} base="/ambassador" />;
}
