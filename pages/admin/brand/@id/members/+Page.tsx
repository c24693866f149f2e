import { BrandMembers } from '#src/components/admin/BrandMembers';
import { useRouteId } from '#src/components/admin/useRouteId';

export default function Page() {
  const id = useRouteId();
  return <BrandMembers id={id} />;
}
