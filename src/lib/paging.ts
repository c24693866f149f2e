// The one rule for page numbers of a list (docs/decisions/lists.md): `?page=` is a whole number from 1
// (`listQuerySchema`, else a 422 that says so), and a page past the last one answers the last page, with
// `meta.current_page` saying which page that is (an empty list has one empty page). Server-only.

export interface PageMeta {
  current_page: number;
  total_pages: number;
  total_count: number;
}

/** The last page of `total` rows, `size` a page (1 for an empty list). */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The page actually answered for the page asked: never past the last one. */
export function pageWithin(page: number, total: number, size: number): number {
  return Math.min(page, lastPage(total, size));
}

export function pageMeta(page: number, total: number, size: number): PageMeta {
  return { current_page: pageWithin(page, total, size), total_pages: lastPage(total, size), total_count: total };
}

/**
 * Reads one page with `read(limit, offset)` (the rows and the count of all rows); a page past the last reads the
 * last page instead (a second read, only then).
 */
export async function readPage<T>(
  page: number,
  size: number,
  read: (limit: number, offset: number) => Promise<[T[], number]>,
): Promise<{ rows: T[]; page: number; meta: PageMeta }> {
  const [rows, total] = await read(size, (page - 1) * size);
  const last = lastPage(total, size);
  if (page <= last) return { rows, page, meta: pageMeta(page, total, size) };
  const [lastRows, lastTotal] = await read(size, (last - 1) * size);
  return { rows: lastRows, page: pageWithin(last, lastTotal, size), meta: pageMeta(last, lastTotal, size) };
}
