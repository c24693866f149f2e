// The WebP variants of an uploaded JPEG/PNG, made with sharp (libvips) when the file is stored: one per
// IMAGE_VARIANT_WIDTHS entry, never enlarged, EXIF orientation applied, metadata dropped. Pages offer them in a
// srcset (imageSrcSet), so a phone downloads a photo at the size it shows. Server-only.
//
// WebP, not AVIF: every current browser shows WebP, it is ~50–70% smaller than these JPEGs at the sizes shown, and
// encoding it is many times cheaper than AVIF on a small machine (an upload, or the demo seed, waits for it).
import { createHash } from 'node:crypto';
import { ValidationError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';
import { IMAGE_VARIANT_WIDTHS, variantPublicId } from './uploads.schemas';

/** A file for the local store (an original or a variant). */
export interface StoredImage {
  publicId: string;
  contentType: string;
  sha256: string;
  byteSize: number;
  data: Buffer;
}

const WEBP_QUALITY = 72;

/** Whether a stored content type gets variants (raster images; an SVG scales by itself). */
export function hasVariants(contentType: string): boolean {
  return contentType === 'image/jpeg' || contentType === 'image/png';
}

/**
 * The variants of one original (`sha256` = the original's hash, which names them). Bytes that only look like a
 * JPEG/PNG (a valid signature, a broken body) are the upload's 422, never a 500.
 */
export async function makeVariants(original: { sha256: string; contentType: string; data: Buffer }): Promise<StoredImage[]> {
  if (!hasVariants(original.contentType)) return [];
  // Loaded at the first upload, not when the server or the CLI starts (libvips is one of the slowest packages to load).
  const { default: sharp } = await import('sharp');
  try {
    return await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (width) => {
        const data = await sharp(original.data, { failOn: 'error' })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer();
        return {
          publicId: variantPublicId(original.sha256, width),
          contentType: 'image/webp',
          sha256: createHash('sha256').update(data).digest('hex'),
          byteSize: data.length,
          data,
        };
      }),
    );
  } catch {
    throw ValidationError.of('file', ja.uploads.invalidType);
  }
}
