// Numbered pages for the admin lists (spec §9): at most 7 page buttons, 3 each side of the current page,
// previous and next. Plain links with ?page=n, so reload and the back button keep the page.
import { ja } from '#src/i18n/ja';
import '#src/components/pagination.css';
import { MAX_LIST_PAGE } from '#src/lib/ids';

/** The page numbers shown: a window of up to 7 around the current page, shifted at the ends. */
export function adminPageWindow(page: number, total: number, side = 3): number[] {
  if (total < 1) return [];
  const size = Math.min(total, side * 2 + 1);
  let start = Math.max(1, page - side);
  start = Math.min(start, total - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export function AdminPagination({ page, totalPages, href }: { page: number; totalPages: number; href: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={ja.browse.pagination} data-testid="admin-pagination">
      {page > 1 ? (
        <a className="pagination__step" href={href(page - 1)} rel="prev">
          ‹ {ja.common.prev}
        </a>
      ) : (
        <span className="pagination__step" aria-hidden="true">
          ‹ {ja.common.prev}
        </span>
      )}
      <ol className="pagination__pages">
        {adminPageWindow(page, totalPages).map((p) => (
          <li key={p}>
            <a
              className="pagination__page"
              href={href(p)}
              aria-current={p === page ? 'page' : undefined}
              aria-label={ja.browse.pageTitle(p)}
            >
              {p}
            </a>
          </li>
        ))}
      </ol>
      {page < totalPages ? (
        <a className="pagination__step" href={href(page + 1)} rel="next">
          {ja.common.next} ›
        </a>
      ) : (
        <span className="pagination__step" aria-hidden="true">
          {ja.common.next} ›
        </span>
      )}
    </nav>
  );
}

/** ?page=n from the URL (1 … `max`, what the list's API accepts: MAX_LIST_PAGE unless given); anything else is page 1. */
export function pageFromSearch(value: string | undefined, max = MAX_LIST_PAGE): number {
  return value && /^\d{1,6}$/.test(value) && Number(value) >= 1 && Number(value) <= max ? Number(value) : 1;
}
