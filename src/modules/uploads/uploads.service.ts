// Image uploads with the image hosting service's contract (file + upload preset -> public id + secure url).
// Default store: PostgreSQL (uploaded_files), so every process and every restart sees the same files; when an
// upload URL is configured the file goes to the hosting service instead (ARCHITECTURE.md "images").
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ctx } from '#src/lib/context';
import { AppError, ValidationError } from '#src/lib/errors';
import { parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { UploadedFile } from './uploads.entity';
import { detectImageType, EXTENSIONS } from './image-type';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_MEGABYTES, uploadFieldsSchema, type UploadContentType, type UploadResult } from './uploads.schemas';

/** Where the local store serves its files (server/uploads-serve.routes.ts). */
export const LOCAL_URL_PREFIX = '/uploads/';

export interface HostingConfig {
  /** The hosting service's upload endpoint; unset means the local store. */
  url?: string;
  preset?: string;
}

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

/** Stores prepared files in the local store; ids already present are left as they are. */
export async function storeLocal(em: EntityManager, files: PreparedFile[]): Promise<void> {
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

const hostingAnswerSchema = z.object({
  public_id: z.string().min(1).max(500),
  secure_url: z.url({ protocol: /^https?$/ }).max(1000),
});

async function forwardToHosting(file: PreparedFile, hosting: HostingConfig & { url: string }, log: Ctx['log']): Promise<UploadResult> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(file.data)], { type: file.contentType }),
    `${file.sha256.slice(0, 16)}.${EXTENSIONS[file.contentType]}`,
  );
  if (hosting.preset) form.append('upload_preset', hosting.preset);
  let response: Response;
  try {
    response = await fetch(hosting.url, { method: 'POST', body: form, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    log.error({ err: error }, 'image hosting upload failed');
    throw new AppError(502, 'upload_failed', ja.uploads.hostingFailed);
  }
  const body: unknown = await response.json().catch(() => null);
  const answer = hostingAnswerSchema.safeParse(body);
  if (!response.ok || !answer.success) {
    log.error({ status: response.status, body }, 'image hosting upload refused');
    throw new AppError(502, 'upload_failed', ja.uploads.hostingFailed);
  }
  return { public_id: answer.data.public_id, secure_url: answer.data.secure_url };
}

export interface UploadInput {
  file?: { buffer: Buffer } | null;
  upload_preset?: unknown;
}

/**
 * POST /api/v1/uploads. The client's upload_preset is accepted for the contract's sake but the configured
 * preset is what reaches the hosting service: a browser must not pick the server's upload settings.
 */
export async function upload(ctx: Ctx, input: UploadInput, hosting: HostingConfig = {}): Promise<UploadResult> {
  parseInput(uploadFieldsSchema, { upload_preset: input.upload_preset });
  if (!input.file?.buffer) throw ValidationError.of('file', ja.uploads.fileRequired);
  const file = prepareFile(input.file.buffer);
  if (hosting.url) return forwardToHosting(file, { ...hosting, url: hosting.url }, ctx.log);
  await storeLocal(ctx.em, [file]);
  return { public_id: file.publicId, secure_url: localUrl(file.publicId) };
}

export interface StoredFile {
  contentType: string;
  sha256: string;
  byteSize: number;
  data: Buffer;
}

/** The driver gives a Buffer; the entity type says Uint8Array. View it as a Buffer without copying. */
function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

const PUBLIC_ID = /^[a-f0-9]{64}\.(jpg|png|svg)$/;

/** A local file with its bytes, or null (also for ids that cannot exist). */
export async function findFile(ctx: Ctx, publicId: string): Promise<StoredFile | null> {
  if (!PUBLIC_ID.test(publicId)) return null;
  const file = await ctx.em.findOne(UploadedFile, { publicId }, { populate: ['data'] });
  if (!file) return null;
  return { contentType: file.contentType, sha256: file.sha256, byteSize: file.byteSize, data: asBuffer(file.data) };
}
