// https://vike.dev/guard — every /admin/* page: signed out → /logon and back; without ADMIN → 403 page.
import type { PageContextServer } from 'vike/types';
import { requireAdminPage } from '#src/components/admin/admin-guard';

export function guard(pageContext: PageContextServer) {
  requireAdminPage(pageContext);
}
