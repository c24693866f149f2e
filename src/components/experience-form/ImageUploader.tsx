// Photos: upload through POST /api/v1/uploads, or the brand portal's POST /brand/api/v1/uploads (`uploadPath`), with
// the image hosting contract (file + upload preset -> public_id + secure_url, stored as object_key + url). Spec §5/§8:
// only JPEG, PNG and SVG; a duplicate or a file beyond the limit is dropped with a notice; deleting asks for
// confirmation; a failed upload shows 'upload error: {status}' with the file's name and the server's reason.
//
// A duplicate is the same bytes under any name: the file's SHA-256 is compared before uploading (where the browser
// offers crypto.subtle), and the answer's object_key after (the local store names a file by that hash, so a copy of
// a photo already saved with the form is caught too). The server refuses a list that names an object_key twice.
//
// With `describe` (the host form's and the brand, ambassador and community forms' photos), each photo has its alt
// text field beside it: one line, counted to its limit by the form kit's Field, the hint said once for all of them.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import * as ja from '#src/i18n/ja';
import { Field } from '#src/components/form/Field';
import { LiveRegion } from '#src/components/LiveRegion';
import { ApiError } from '#src/lib/isomorphic/api-client';
import { UPLOAD_ACCEPT, UPLOAD_CONTENT_TYPES, type UploadResult } from '#src/modules/uploads/uploads.schemas';
import type { ImageJson } from '#src/modules/experiences/experiences.host.schemas';
import { HOST_LIMITS } from '#src/modules/experiences/experience-form.shared';

const t = ja.uploads;
/** The upload preset this form sends (the hosting service files the images under it). */
const EXPERIENCE_UPLOAD_PRESET = 'experiences';
/** The marketplace's upload call; the brand portal passes its own. */
export const MARKETPLACE_UPLOAD_PATH = '/api/v1/uploads';

/**
 * Each photo's alt text field (labelled 「写真{n}の説明」, at most HOST_LIMITS.imageAlt characters, the server's rule):
 * the one hint, its messages and the change.
 */
interface DescribeImages {
  hint: string;
  messages: (index: number) => string[] | undefined;
  onChange: (index: number, alt: string) => void;
}

interface Props {
  images: (ImageJson & { alt?: string | null })[];
  max: number;
  /** Functional updates: uploads finish one by one while the host may delete others. */
  onAdd: (image: ImageJson) => void;
  onRemove: (index: number) => void;
  error?: string[];
  /** Where the files go (the portal signs in at its own door). */
  uploadPath?: string;
  /** A refused upload handled elsewhere (the portal's 401 → sign-in); true when handled. */
  intercept?: (error: unknown) => boolean;
  /** The line under the button (default: the experience photos' rule). */
  hint?: string;
  /** Alt text fields for the photos (the host form); none without. */
  describe?: DescribeImages;
}

/** The hex SHA-256 of a file's bytes, or null where the browser offers no digest (an insecure origin). */
async function contentHash(file: File): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  try {
    const digest = await globalThis.crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

/** The server's own reason for a refused upload (its field message or message), when the answer carries one. */
async function refusalReason(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { message?: unknown; messages?: { file?: unknown; base?: unknown } };
    for (const candidate of [body.messages?.file, body.messages?.base]) {
      if (Array.isArray(candidate) && typeof candidate[0] === 'string') return candidate[0];
    }
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/** A refused upload: the line the control shows, and the error a page may handle itself (`intercept`). */
interface Refusal {
  message: string;
  error: ApiError;
}

export function ImageUploader({
  images,
  max,
  onAdd,
  onRemove,
  error,
  uploadPath = MARKETPLACE_UPLOAD_PATH,
  intercept,
  hint,
  describe,
}: Props) {
  const altHintId = `alt-hint${useId().replace(/:/g, '')}`;
  const [notices, setNotices] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  // Content hash -> object_key of the files uploaded here, to drop the same bytes chosen again under any name.
  const hashes = useRef(new Map<string, string>());
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File): Promise<ImageJson | Refusal> {
    const body = new FormData();
    body.append('file', file);
    body.append('upload_preset', EXPERIENCE_UPLOAD_PRESET);
    try {
      const res = await fetch(uploadPath, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) {
        const reason = await refusalReason(res);
        const message = reason ? ja.uploads.uploadRefused(res.status, file.name, reason) : ja.uploads.uploadError(res.status);
        return { message, error: new ApiError(res.status, reason ?? message) };
      }
      const answer = (await res.json()) as UploadResult;
      return { object_key: answer.public_id, url: answer.secure_url };
    } catch {
      const message = ja.uploads.uploadError(0);
      return { message, error: new ApiError(0, message) };
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const messages = new Set<string>();
    const accepted: { file: File; hash: string | null }[] = [];
    const batch = new Set<string>();
    for (const file of files) {
      if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) {
        messages.add(ja.uploads.wrongFormatDropped);
        continue;
      }
      const hash = await contentHash(file);
      if (hash && (hashes.current.has(hash) || batch.has(hash))) {
        messages.add(ja.uploads.duplicateDropped);
        continue;
      }
      if (images.length + uploading + accepted.length >= max) {
        messages.add(ja.uploads.tooManyDropped(max));
        continue;
      }
      if (hash) batch.add(hash);
      accepted.push({ file, hash });
    }
    setNotices([...messages]);
    if (accepted.length === 0) return;
    setUploading((n) => n + accepted.length);
    // The object_keys on the form, also those saved before (the same bytes get the same key from the local store).
    const keys = new Set(images.map((image) => image.object_key));
    for (const { file, hash } of accepted) {
      const result = await upload(file);
      setUploading((n) => n - 1);
      if ('error' in result) {
        if (intercept?.(result.error)) return;
        messages.add(result.message);
        setNotices([...messages]);
        continue;
      }
      if (keys.has(result.object_key)) {
        messages.add(ja.uploads.duplicateDropped);
        setNotices([...messages]);
        continue;
      }
      keys.add(result.object_key);
      if (hash) hashes.current.set(hash, result.object_key);
      onAdd(result);
    }
  }

  function remove(index: number) {
    if (!window.confirm(ja.uploads.confirmDelete)) return;
    const removed = images[index];
    for (const [hash, key] of hashes.current) if (key === removed.object_key) hashes.current.delete(hash);
    onRemove(index);
  }

  const full = images.length + uploading >= max;
  return (
    <div className="image-uploader">
      {describe && images.length > 0 && (
        <p className="field__hint" id={altHintId}>
          {describe.hint}
        </p>
      )}
      <ul className={describe ? 'image-uploader__list image-uploader__list--described' : 'image-uploader__list'} aria-label={t.images}>
        {images.map((image, index) => (
          <li key={image.object_key} className="image-uploader__item">
            <div className="image-uploader__frame">
              <img src={image.url} alt={`${t.images} ${index + 1}`} className="image-uploader__thumb" />
              <button
                type="button"
                className="image-uploader__remove"
                aria-label={`${t.removeImage} (${index + 1})`}
                onClick={() => remove(index)}
              >
                ×
              </button>
            </div>
            {describe && (
              <Field
                name={`images.${index}.alt`}
                label={t.imageAltOf(index + 1)}
                required={false}
                max={HOST_LIMITS.imageAlt}
                value={image.alt ?? ''}
                messages={describe.messages(index)}
                describedBy={altHintId}
              >
                {(control) => (
                  <input
                    className="input"
                    {...control}
                    value={image.alt ?? ''}
                    onChange={(e) => describe.onChange(index, e.target.value)}
                  />
                )}
              </Field>
            )}
          </li>
        ))}
        {Array.from({ length: uploading }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical, stateless placeholders (one per file still uploading).
          <li key={`uploading-${i}`} className="image-uploader__item image-uploader__item--pending">
            <span>{t.uploading}</span>
          </li>
        ))}
      </ul>
      <label
        className={
          full
            ? 'button button--ghost button--small image-uploader__choose is-disabled'
            : 'button button--ghost button--small image-uploader__choose'
        }
      >
        {t.uploadButton}
        <input
          ref={input}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple
          disabled={full}
          onChange={choose}
          className="visually-hidden"
          data-testid="image-input"
        />
      </label>
      <p className="field__hint">{hint ?? t.uploadHint}</p>
      {/* Says that files are uploading (their places in the list above say it only to the eye), then what was dropped. */}
      <LiveRegion>
        {uploading > 0 && <p className="visually-hidden">{t.uploading}</p>}
        {notices.length > 0 && (
          <ul className="alert alert--info image-uploader__notices">
            {notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
      </LiveRegion>
      {error?.map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
    </div>
  );
}
