// Shapes of the public brand calls (guest-and-host.md §3, §7). Browser-safe.
import { z } from 'zod';
import { ja } from '#src/i18n/ja';

export interface BrandImage {
  object_key: string;
  url: string;
  sort_order: number;
}

/** GET /api/v1/brands/{id}: spec fields id, name, image_url, description, homepage_url, instagram_username, x_username, images. */
export interface BrandPublic {
  id: number;
  name: string;
  description: string;
  homepage_url: string | null;
  instagram_username: string | null;
  x_username: string | null;
  image_url: string | null;
  images: BrandImage[];
}

export interface BrandListItem {
  id: number;
  name: string;
  image_url: string | null;
  description: string;
}

export interface BrandListMeta {
  current_page: number;
  total_pages: number;
  total_count: number;
}

/** ?page=n of the public brand list; a malformed page is a 422. */
export const brandListQuerySchema = z.object({
  page: z.preprocess(
    (value) => (value === undefined || value === '' ? 1 : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value),
    z
      .number({ error: ja.validation.integer })
      .int({ error: ja.validation.integer })
      .min(1, { error: ja.validation.integer })
      .max(100_000, { error: ja.validation.integer }),
  ),
});

/** Public lists show this many per page. */
export const BRANDS_PAGE_SIZE = 24;
