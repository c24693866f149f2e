// Responsive images, zod-free: the components import this file, so an image on a page brings no zod into
// its JavaScript. uploads.schemas.ts re-exports it for the server and the seeder.

/**
 * Widths in px of the WebP variants made of every JPEG/PNG stored locally, at upload (and by the demo seed): 160 for
 * avatars and thumbnails, 320–960 for cards (half a phone's width) and photos up to a phone's full width at 2–3× density. Never wider than
 * the original (a narrower original is re-encoded at its own width). SVG needs none.
 */
export const IMAGE_VARIANT_WIDTHS = [160, 320, 480, 640, 960] as const;

/** The local store's id of a variant: the original's SHA-256 (its public id without the extension) and the width. */
export function variantPublicId(originalSha256: string, width: number): string {
  return `${originalSha256}-${width}w.webp`;
}

const LOCAL_RASTER_URL = /^\/uploads\/([a-f0-9]{64})\.(?:jpg|png)$/;

/** The highest screen density a fixed-size image is offered for: wider variants than that are never chosen. */
const MAX_DENSITY = 4;

/**
 * The `srcset` of a locally stored JPEG/PNG's WebP variants, or undefined for every other URL (an SVG, an image
 * hosting service's URL), which is then shown as it is. An image always shown `fixedWidth` CSS pixels wide (an
 * avatar) lists the variants up to the first that fills it at MAX_DENSITY: a browser never picks a wider one.
 */
export function imageSrcSet(url: string, fixedWidth?: number): string | undefined {
  const sha = LOCAL_RASTER_URL.exec(url)?.[1];
  if (!sha) return undefined;
  const last = fixedWidth === undefined ? -1 : IMAGE_VARIANT_WIDTHS.findIndex((width) => width >= fixedWidth * MAX_DENSITY);
  const widths = last === -1 ? IMAGE_VARIANT_WIDTHS : IMAGE_VARIANT_WIDTHS.slice(0, last + 1);
  return widths.map((width) => `/uploads/${variantPublicId(sha, width)} ${width}w`).join(', ');
}
