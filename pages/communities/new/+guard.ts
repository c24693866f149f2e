// https://vike.dev/guard — ADMIN only: signed out → /logon and back, others → the 403 page.
import type { PageContextServer } from 'vike/types';
import { requireAdminPage } from '#src/components/admin/admin-guard';

export function guard(pageContext: PageContextServer) {
  requireAdminPage(pageContext);
}
