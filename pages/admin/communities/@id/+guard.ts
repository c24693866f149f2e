// https://vike.dev/guard — ADMIN only (signed out → /logon and back, others → 403); a malformed id → 404.
import type { PageContextServer } from 'vike/types';
import { requireAdminPageWithId } from '#src/components/admin/admin-guard';

export function guard(pageContext: PageContextServer) {
  requireAdminPageWithId(pageContext);
}
