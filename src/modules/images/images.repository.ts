// Image rows for their owners' services (images belong to an experience, a draft, a community, a brand or an
// ambassador; ARCHITECTURE.md "Boundaries"). Server-only; the owning service calls these inside its own
// transaction and flushes.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import { Image } from './images.entity';
import type { FormImageJson } from './images.schemas';

type IImage = InferEntity<typeof Image>;
export type PartnerImageOwner = { brand: number } | { ambassador: number } | { community: number };
/** Exactly one owner (the images_exactly_one_owner CHECK). */
type ImageOwner =
  | { experience: NonNullable<IImage['experience']> }
  | { experienceDraft: NonNullable<IImage['experienceDraft']> }
  | PartnerImageOwner;

/** Adds the images in the given order (sort_order 0, 1, …), with their alt texts, to one owner; flushed by the caller. */
export function addImages(em: EntityManager, owner: ImageOwner, images: FormImageJson[]): void {
  images.forEach((image, index) => {
    em.create(Image, { ...owner, objectKey: image.object_key, url: image.url, alt: image.alt ?? null, sortOrder: index });
  });
}

/** Replaces a brand's, ambassador's or community's images by the given list (addImages); flushed by the caller. */
export async function replaceOwnerImages(em: EntityManager, owner: PartnerImageOwner, images: FormImageJson[]): Promise<void> {
  for (const image of await em.find(Image, owner)) em.remove(image);
  addImages(em, owner, images);
}
