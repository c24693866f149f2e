// Images of brands, ambassadors and communities as their admin forms replace them. Server-only; the owning
// service calls it inside its own transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Image } from './images.entity';

export type ImageOwner = { brand: number } | { ambassador: number } | { community: number };

/** Replaces the owner's images by the given list; the list's order is sort_order. Flushes nothing. */
export async function replaceOwnerImages(
  em: EntityManager,
  owner: ImageOwner,
  images: { object_key: string; url: string }[],
): Promise<void> {
  for (const image of await em.find(Image, owner)) em.remove(image);
  for (const [sortOrder, image] of images.entries()) em.create(Image, { ...owner, objectKey: image.object_key, url: image.url, sortOrder });
}
