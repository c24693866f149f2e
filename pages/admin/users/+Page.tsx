import { UsersAdmin } from '#src/components/admin/UsersAdmin';

export default function Page() {
  return <UsersAdmin />;
}
