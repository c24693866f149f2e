// Image rows for their owners' services (images belong to an experience, a draft, a community, a brand or an
// ambassador; ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import { Image } from './images.entity';
import type { FormImageJson } from './images.schemas';

type IImage = InferEntity<typeof Image>;
/** Exactly one owner (the images_exactly_one_owner CHECK). */
type ImageOwner = { experience: NonNullable<IImage['experience']> } | { experienceDraft: NonNullable<IImage['experienceDraft']> };

/** Adds the images in the given order (sort_order 0, 1, …) to one owner; flushed by the caller. */
export function addImages(em: EntityManager, owner: ImageOwner, images: FormImageJson[]): void {
  images.forEach((image, index) => {
    em.create(Image, { ...owner, objectKey: image.object_key, url: image.url, sortOrder: index });
  });
}
