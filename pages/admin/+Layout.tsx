// https://vike.dev/Layout — nested inside the site layout: the admin side navigation.
import type { ReactNode } from 'react';
import { AdminLayout } from '#src/components/admin/AdminLayout';

export default function Layout({ children }: { children: ReactNode }) {
  return <AdminLayout>{children}</AdminLayout>;
}
