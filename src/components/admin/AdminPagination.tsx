// Numbered pages for the admin lists (spec §9): at most 7 page buttons, 3 each side of the current page,
// previous and next. Plain links with ?page=n, so reload and the back button keep the page.
import { Pagination } from '#src/components/Pagination';
import { MAX_LIST_PAGE } from '#src/lib/ids';

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

/** ?page=n from the URL (1 … `max`, what the list's API accepts: MAX_LIST_PAGE unless given); anything else is page 1. */
export function pageFromSearch(value: string | undefined, max = MAX_LIST_PAGE): number {
  return value && /^\d{1,6}$/.test(value) && Number(value) >= 1 && Number(value) <= max ? Number(value) : 1;
}
