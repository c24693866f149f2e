// Upload limits and the answer shape, shared by the upload forms, the API and the seeder. Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { oneLine } from '#src/lib/isomorphic/validate';

/** 5 MB: photos from a phone fit after the browser's JPEG encoding; larger files only bloat the store. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024);

export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/svg+xml'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

/** For <input type="file" accept>: only a hint; the server checks the bytes. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/svg+xml,.jpg,.jpeg,.png,.svg';

/** The multipart text fields besides `file` (the image hosting service's contract). */
export const uploadFieldsSchema = z.object({
  upload_preset: z.string({ error: ja.uploads.invalidPreset }).max(100, ja.uploads.invalidPreset).check(oneLine()).optional(),
});

/** The answer of POST /api/v1/uploads, the same as the image hosting service's; stored as images.object_key / url. */
export const uploadResultSchema = z
  .object({ public_id: z.string().min(1), secure_url: z.string().min(1) })
  .meta({ id: 'UploadResult', description: '保存した画像（public_id を object_key として送ります）' });
export type UploadResult = z.output<typeof uploadResultSchema>;

// ---- Responsive images: uploads.shared.ts, zod-free for the pages ----
export { IMAGE_VARIANT_WIDTHS, imageSrcSet, variantPublicId } from './uploads.shared';
