// https://vike.dev/Layout — the admin side navigation, as under /admin.
import type { ReactNode } from 'react';
import { AdminLayout } from '#src/components/admin/AdminLayout';

export default function Layout({ children }: { children: ReactNode }) {
  return <AdminLayout>{children}</AdminLayout>;
}
