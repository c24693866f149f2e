// https://vike.dev/guard — /admin itself opens the first section (after the admin check).
import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { requireAdminPage } from '#src/components/admin/admin-guard';

export function guard(pageContext: PageContextServer) {
  requireAdminPage(pageContext);
  throw redirect('/admin/communities');
}
