// The local image store (uploaded_files in PostgreSQL): checks and content-addresses the bytes, stores them once.
// Used by the uploads service and the demo seed. Server-only.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ValidationError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';
import { UploadedFile } from './uploads.entity';
import { detectImageType, EXTENSIONS } from './image-type';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MEGABYTES, type UploadContentType } from './uploads.schemas';
import type { StoredImage } from './image-variants';

/** Where the local store serves its files (server/uploads-serve.routes.ts). */
const LOCAL_URL_PREFIX = '/uploads/';

export interface PreparedFile {
  publicId: string;
  contentType: UploadContentType;
  sha256: string;
  byteSize: number;
  data: Buffer;
}

function sizeError(): AppError {
  return new AppError(413, 'too_large', ja.uploads.tooLarge(UPLOAD_MAX_MEGABYTES), { file: [ja.uploads.tooLarge(UPLOAD_MAX_MEGABYTES)] });
}

/**
 * Checks the bytes and derives the content-addressed public id: the same bytes always get the same id, so a
 * duplicate upload stores nothing new and the served file can be cached forever (immutable).
 */
export function prepareFile(data: Buffer): PreparedFile {
  if (data.length > UPLOAD_MAX_BYTES) throw sizeError();
  const contentType = detectImageType(data);
  if (!contentType) throw ValidationError.of('file', ja.uploads.invalidType);
  const sha256 = createHash('sha256').update(data).digest('hex');
  return { publicId: `${sha256}.${EXTENSIONS[contentType]}`, contentType, sha256, byteSize: data.length, data };
}

export function localUrl(publicId: string): string {
  return `${LOCAL_URL_PREFIX}${publicId}`;
}

/** Stores prepared files (and image variants) in the local store; ids already present are left as they are. */
export async function storeLocal(em: EntityManager, files: readonly StoredImage[]): Promise<void> {
  if (files.length === 0) return;
  await em
    .createQueryBuilder(UploadedFile)
    .insert(
      files.map((f) => ({
        publicId: f.publicId,
        contentType: f.contentType,
        byteSize: f.byteSize,
        sha256: f.sha256,
        data: f.data,
        createdAt: new Date(),
      })),
    )
    .onConflict('publicId')
    .ignore()
    .execute();
}
