// Images of any owner (experience, draft, community, brand, ambassador) as the API shows them: THE image JSON
// mapping. Isomorphic (no entity import), so schemas and pages may use it too.

export interface ImageRow {
  id: number;
  objectKey: string;
  url: string;
  sortOrder: number;
}

/** The spec's image shape: object_key, url, sort_order. */
export interface ImageJson {
  object_key: string;
  url: string;
  sort_order: number;
}

/** A loaded image collection in display order (sort_order, then id), as JSON. */
export function sortedImageJson(images: { getItems(): ImageRow[] }): ImageJson[] {
  return [...images.getItems()]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((image) => ({ object_key: image.objectKey, url: image.url, sort_order: image.sortOrder }));
}

/** The form's image shape (drafts and the host form): object_key and url, in the order given. */
export interface FormImageJson {
  object_key: string;
  url: string;
}

/** One image row as the host form and drafts send and read it. */
export function formImageJson(image: { objectKey: string; url: string }): FormImageJson {
  return { object_key: image.objectKey, url: image.url };
}

/** The public experience JSON's image shape: id and url (the collection is already in display order). */
export function publicImageJson(image: { id: number; url: string }): { id: number; url: string } {
  return { id: image.id, url: image.url };
}
