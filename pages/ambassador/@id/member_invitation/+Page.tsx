import { MemberInvitation } from '#src/components/admin/MemberInvitation';
import { useRouteId } from '#src/components/admin/useRouteId';

export default function Page() {
  const id = useRouteId();
  return <MemberInvitation id={id} base="/ambassador" />;
}
