import { UsersLeaveAdmin } from '#src/components/admin/UsersLeaveAdmin';

export default function Page() {
  return <UsersLeaveAdmin />;
}
