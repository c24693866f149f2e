import { BrandInvitation } from '#src/components/admin/BrandInvitation';
import { useRouteId } from '#src/components/admin/useRouteId';

export default function Page() {
  const id = useRouteId();
  return <BrandInvitation id={id} />;
}
