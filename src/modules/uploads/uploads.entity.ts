import { defineEntity, p } from '@mikro-orm/core';
import { Created } from '#src/lib/base.entity';

/**
 * The local image store (used when no image hosting URL is configured): bytes in PostgreSQL so every process
 * (and every machine) sees the same files. `data` is lazy: lists and look-ups never load the bytes.
 */
export const UploadedFile = defineEntity({
  name: 'UploadedFile',
  tableName: 'uploaded_files',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    /** The hosting service's "public id" equivalent; stored as images.object_key. */
    publicId: p.string().length(255).unique(),
    contentType: p.string().length(100),
    byteSize: p.integer(),
    /** Hex SHA-256 of data. */
    sha256: p.string().length(64),
    data: p.blob().lazy(),
  },
  checks: [{ name: 'uploaded_files_byte_size_non_negative', expression: 'byte_size >= 0' }],
  indexes: [{ properties: ['sha256'] }],
});
