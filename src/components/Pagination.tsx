// Numbered page links (plain <a>, so every page is crawlable and works before hydration).
import { Fragment } from 'react';
import * as ja from '#src/i18n/ja';
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

/** The window's pages, each with whether a gap (…) comes before it: a gap is keyed by the page after it. */
function withGaps(window: (number | null)[]): { p: number; gapBefore: boolean }[] {
  const items: { p: number; gapBefore: boolean }[] = [];
  let gap = false;
  for (const p of window) {
    if (p === null) gap = true;
    else {
      items.push({ p, gapBefore: gap });
      gap = false;
    }
  }
  return items;
}

export function Pagination({
  page,
  totalPages,
  href,
  pages = pageWindow,
  testId,
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
  /** The page numbers to link (null: a gap): the first, the last and two around the current one unless given. */
  pages?: (page: number, total: number) => (number | null)[];
  testId?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={ja.browse.pagination} data-testid={testId}>
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
        {withGaps(pages(page, totalPages)).map(({ p, gapBefore }) => (
          <Fragment key={p}>
            {gapBefore && (
              <li className="pagination__gap" aria-hidden="true">
                …
              </li>
            )}
            <li>
              <a
                className="pagination__page"
                href={href(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={ja.browse.pageTitle(p)}
              >
                {p}
              </a>
            </li>
          </Fragment>
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
