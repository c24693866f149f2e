// Image uploads with the image hosting service's contract (file + upload preset -> public id + secure url).
// Default store: PostgreSQL (uploaded_files, uploads.store.ts), so every process and every restart sees the same
// files; when IMAGE_UPLOAD_URL is configured the file goes to the hosting service instead (ARCHITECTURE.md "images").
import { z } from 'zod';
import type { Env } from '#src/lib/env';
import type { Ctx } from '#src/lib/context';
import { requireUser } from '#src/lib/context';
import { AppError, ValidationError } from '#src/lib/isomorphic/errors';
import { parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { UploadedFile } from './uploads.entity';
import { EXTENSIONS } from './image-type';
import { localUrl, prepareFile, storeLocal, type PreparedFile } from './uploads.store';
import { IMAGE_VARIANT_WIDTHS, uploadFieldsSchema, type UploadResult } from './uploads.schemas';
import { makeVariants } from './image-variants';

interface HostingConfig {
  url: string;
  preset?: string;
}

const hostingAnswerSchema = z.object({
  public_id: z.string().min(1).max(500),
  secure_url: z.url({ protocol: /^https?$/ }).max(1000),
});

async function forwardToHosting(file: PreparedFile, hosting: HostingConfig, log: Ctx['log']): Promise<UploadResult> {
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

interface StoredFile {
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
/** A WebP variant of a JPEG/PNG: the original's SHA-256 and one of IMAGE_VARIANT_WIDTHS. */
const VARIANT_ID = /^([a-f0-9]{64})-(\d{2,4})w\.webp$/;

function isVariantWidth(width: number): boolean {
  return (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width);
}

/**
 * The variants of a file stored before variants were made at upload: made once from the original on the first
 * request, stored, and served from the store afterwards. Null when there is no such original.
 */
async function backfillVariant(ctx: Ctx, sha256: string, publicId: string): Promise<StoredFile | null> {
  const original = await ctx.em.findOne(UploadedFile, { publicId: { $in: [`${sha256}.jpg`, `${sha256}.png`] } }, { populate: ['data'] });
  if (!original) return null;
  let variants: Awaited<ReturnType<typeof makeVariants>>;
  try {
    variants = await makeVariants({ sha256, contentType: original.contentType, data: asBuffer(original.data) });
  } catch {
    return null;
  }
  await storeLocal(ctx.em, variants);
  const wanted = variants.find((v) => v.publicId === publicId);
  return wanted ? { contentType: wanted.contentType, sha256: wanted.sha256, byteSize: wanted.byteSize, data: wanted.data } : null;
}

/** A local file with its bytes, or null (also for ids that cannot exist). Input: { public_id }. */
async function findFile(ctx: Ctx, input: { public_id: string }): Promise<StoredFile | null> {
  const publicId = input.public_id;
  const variant = VARIANT_ID.exec(publicId);
  if (!PUBLIC_ID.test(publicId) && !(variant && isVariantWidth(Number(variant[2])))) return null;
  const file = await ctx.em.findOne(UploadedFile, { publicId }, { populate: ['data'] });
  if (!file) return variant ? backfillVariant(ctx, variant[1], publicId) : null;
  return { contentType: file.contentType, sha256: file.sha256, byteSize: file.byteSize, data: asBuffer(file.data) };
}

/** The multipart request as the route passes it: the file part (absent: 422) and the form's upload_preset. */
export interface UploadInput {
  file?: { buffer: Buffer } | null;
  upload_preset?: unknown;
}

export interface UploadsDeps {
  env: Pick<Env, 'IMAGE_UPLOAD_URL' | 'IMAGE_UPLOAD_PRESET'>;
}

export function createUploadsService(deps: UploadsDeps) {
  const hostingUrl = deps.env.IMAGE_UPLOAD_URL;

  /**
   * POST /api/v1/uploads (input: { file: { buffer }, upload_preset }). The client's upload_preset is accepted for the
   * contract's sake but the configured preset is what reaches the hosting service: a browser must not pick the
   * server's upload settings. Signed-in users (the API) and brand members (the portal).
   */
  async function upload(ctx: Ctx, input: UploadInput): Promise<UploadResult> {
    if (ctx.actor.kind !== 'brandMember') requireUser(ctx);
    parseInput(uploadFieldsSchema, { upload_preset: input.upload_preset });
    const buffer = input.file?.buffer;
    if (!Buffer.isBuffer(buffer)) throw ValidationError.of('file', ja.uploads.fileRequired);
    const file = prepareFile(buffer);
    if (hostingUrl) return forwardToHosting(file, { url: hostingUrl, preset: deps.env.IMAGE_UPLOAD_PRESET }, ctx.log);
    // The WebP variants are made now, with the original (pages offer them in a srcset).
    await storeLocal(ctx.em, [file, ...(await makeVariants(file))]);
    return { public_id: file.publicId, secure_url: localUrl(file.publicId) };
  }

  return { upload, findFile };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
