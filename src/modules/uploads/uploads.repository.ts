// Read helpers of the local image store (uploaded_files) for other modules. Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ValidationError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';
import type { FormImageJson } from '#src/modules/images/images.schemas';
import { UploadedFile } from './uploads.entity';
import { localUrl } from './uploads.store';

export interface UploadCheck {
  /** IMAGE_UPLOAD_URL is set: http(s) images are the hosting service's. */
  hosted: boolean;
  /** Images the owner already has, accepted as they are. */
  known?: readonly FormImageJson[];
}

/**
 * True when every image was uploaded through POST /api/v1/uploads: a local one is the store's URL of its object_key
 * and that file is stored; an http(s) one is accepted only with an image hosting service configured (`hosted`),
 * whose uploads leave no record here. `known` images (those the owner already has) pass as they are.
 */
export async function allUploaded(em: EntityManager, images: readonly FormImageJson[], options: UploadCheck): Promise<boolean> {
  const known = new Set((options.known ?? []).map((image) => `${image.object_key} ${image.url}`));
  const local: string[] = [];
  for (const image of images) {
    if (known.has(`${image.object_key} ${image.url}`)) continue;
    if (image.url.startsWith('/')) {
      if (image.url !== localUrl(image.object_key)) return false;
      local.push(image.object_key);
    } else if (!options.hosted) {
      return false;
    }
  }
  if (local.length === 0) return true;
  const keys = [...new Set(local)];
  return (await em.count(UploadedFile, { publicId: { $in: keys } })) === keys.length;
}

/** The 422 (on `field`) of a form whose images are not allUploaded; forms with more database checks use allUploaded. */
export async function requireUploaded(
  em: EntityManager,
  images: readonly FormImageJson[],
  options: UploadCheck,
  field = 'images',
): Promise<void> {
  if (!(await allUploaded(em, images, options))) throw ValidationError.of(field, ja.uploads.imageNotUploaded);
}
