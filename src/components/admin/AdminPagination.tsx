// Numbered pages for the admin lists (spec §9): at most 7 page buttons, 3 each side of the current page,
// previous and next. Plain links with ?page=n, so reload and the back button keep the page.
import { Pagination } from '#src/components/Pagination';
import { MAX_LIST_PAGE } from '#src/lib/isomorphic/ids';

/** The page numbers shown: a window of up to 7 around the current page, shifted at the ends. */
export function adminPageWindow(page: number, total: number, side = 3): number[] {
  if (total < 1) return [];
  const size = Math.min(total, side * 2 + 1);
  let start = Math.max(1, page - side);
  start = Math.min(start, total - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** The admin lists' page links: the guest lists' Pagination with the admin window (no gaps). */
export function AdminPagination(props: { page: number; totalPages: number; href: (page: number) => string }) {
  return <Pagination {...props} pages={adminPageWindow} testId="admin-pagination" />;
}

/**
 * ?page=n from the URL; anything but a whole number from 1 is page 1. For the lists of `listQuerySchema` (no `max`),
 * a page past the last one shows the last page (their API answers it), so a larger number is passed on as
 * MAX_LIST_PAGE. A list with its own limit (`max`: GET /reservations) shows page 1 past it.
 */
export function pageFromSearch(value: string | undefined, max?: number): number {
  if (!value || !/^\d{1,15}$/.test(value) || Number(value) < 1) return 1;
  const page = Number(value);
  if (max === undefined) return Math.min(page, MAX_LIST_PAGE);
  return page <= max ? page : 1;
}
