import { CouponsAdmin } from '#src/components/admin/CouponsAdmin';

export default function Page() {
  return <CouponsAdmin />;
}
