// Images of any owner (experience, draft, community, brand, ambassador) as the API shows them: THE image JSON
// mapping. Isomorphic (no entity import), so schemas and pages may use it too.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { oneLine, optionalText, urlJson } from '#src/lib/isomorphic/validate';
import { HOST_LIMITS } from '#src/modules/experiences/experience-form.shared';

export interface ImageRow {
  id: number;
  objectKey: string;
  url: string;
  sortOrder: number;
  alt?: string | null;
}

/** The spec's image shape (object_key, url, sort_order) and the photo's text written for it. */
export interface ImageJson {
  object_key: string;
  url: string;
  sort_order: number;
  /** The photo's text for people who cannot see it; null where none is written (each page then writes its own). */
  alt: string | null;
}

/** The OpenAPI schema of ImageJson (brands, ambassadors, communities). */
export const imageJsonSchema = z.object({
  object_key: z.string(),
  url: urlJson(),
  sort_order: z.number().int(),
  alt: z.string().nullable().meta({ description: '写真の説明（代替テキスト）。書かれていなければ null' }),
}) satisfies z.ZodType<ImageJson>;

/** A loaded image collection in display order (sort_order, then id), as JSON. */
export function sortedImageJson(images: { getItems(): ImageRow[] }): ImageJson[] {
  return [...images.getItems()]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((image) => ({ object_key: image.objectKey, url: image.url, sort_order: image.sortOrder, alt: image.alt ?? null }));
}

/** Images as the audit log records them (brands, ambassadors, communities): url and text, in display order. */
export function auditedImages(images: { getItems(): ImageRow[] }): { url: string; alt: string | null }[] {
  return sortedImageJson(images).map(({ url, alt }) => ({ url, alt }));
}

/**
 * The one rule for a photo's text in every form that writes one (the host form's photos, brands', ambassadors' and
 * communities'): one line, at most HOST_LIMITS.imageAlt characters (the images.alt column), optional; blank is none
 * (null). The message names the field 「写真の説明」.
 */
export const imageAltField = () => optionalText(ja.validation.maxLength(ja.uploads.imageAlt, HOST_LIMITS.imageAlt), HOST_LIMITS.imageAlt);

/**
 * The form's image shape: object_key and url, in the order given, and the photo's text for people who cannot see it
 * (absent or null: none written; the account's avatar has none).
 */
export interface FormImageJson {
  object_key: string;
  url: string;
  alt?: string | null;
}

/**
 * True when no image of the list repeats another's object_key. "The same image" is the same bytes: the local store
 * names a file by its content's SHA-256 (uploads.store.ts), so a copy under another file name gets the same
 * object_key, and a list that names one twice is refused (the upload forms drop such a copy with a notice). An image
 * hosting service may give the same bytes two ids; the forms catch that case by hashing the file before uploading.
 */
export function distinctObjectKeys(images: readonly { object_key: string }[]): boolean {
  return new Set(images.map((image) => image.object_key)).size === images.length;
}

/**
 * The images an admin form sends (brands, ambassadors, communities; the account's avatar without `alt`), already
 * uploaded through POST /api/v1/uploads (object_key = public id, url = https or a local path, never another scheme):
 * absent means none, the list's order is sort_order; at most `max`, at least one when `messages.required` is given, and
 * never the same object_key twice. With `alt`, each image may carry its text (imageAltField).
 */
export function formImagesSchema(
  messages: { invalid: string; tooMany: string; required?: string },
  max: number,
  options: { alt?: boolean } = {},
) {
  const { invalid } = messages;
  const image = z.object(
    {
      object_key: z.string({ error: invalid }).min(1, { error: invalid }).max(500, { error: invalid }).check(oneLine()),
      url: z
        .string({ error: invalid })
        .max(1000, { error: invalid })
        .check(oneLine())
        .refine((url) => url.startsWith('https://') || (url.startsWith('/') && !url.startsWith('//')), { error: invalid }),
    },
    { error: invalid },
  );
  const list = z.array(options.alt ? image.extend({ alt: imageAltField() }) : image, { error: invalid });
  return z.preprocess(
    (value) => (value == null ? [] : value),
    (messages.required ? list.min(1, { error: messages.required }) : list)
      .max(max, { error: messages.tooMany })
      .refine(distinctObjectKeys, { error: ja.uploads.duplicateImage }),
  );
}

/** One image row as the host form and drafts send and read it (alt: null where none is written). */
export function formImageJson(image: { objectKey: string; url: string; alt?: string | null }): FormImageJson & { alt: string | null } {
  return { object_key: image.objectKey, url: image.url, alt: image.alt ?? null };
}

/**
 * The public experience JSON's image shape: id, url and the host's text for it (null where none is written; each
 * page then writes its own, e.g. 「{タイトル}の写真{n}」). The collection is already in display order.
 */
export function publicImageJson(image: { id: number; url: string; alt?: string | null }): { id: number; url: string; alt: string | null } {
  return { id: image.id, url: image.url, alt: image.alt ?? null };
}
