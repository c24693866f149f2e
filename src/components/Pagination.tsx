// Numbered page links (plain <a>, so every page is crawlable and works before hydration).
import { ja } from '#src/i18n/ja';
import './pagination.css';

/** Page numbers to show: first, last, and two around the current one, with gaps as null. */
export function pageWindow(page: number, total: number): (number | null)[] {
  const pages = new Set([1, total, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= total));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export function Pagination({ page, totalPages, href }: { page: number; totalPages: number; href: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={ja.browse.pagination}>
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
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
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
          ),
        )}
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
