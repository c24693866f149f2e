// Photos of the experience: upload through POST /api/v1/uploads (the image hosting contract: file + upload preset
// -> public_id + secure_url, stored as object_key + url). Spec §5/§8: only JPEG, PNG and SVG; a duplicate (same
// name and size) or a file beyond the limit is dropped with a notice; deleting asks for confirmation; a failed
// upload shows 'upload error: {status}'.
import { useRef, useState, type ChangeEvent } from 'react';
import { ja } from '#src/i18n/ja';
import { UPLOAD_ACCEPT, UPLOAD_CONTENT_TYPES, type UploadResult } from '#src/modules/uploads/uploads.schemas';
import type { ImageJson } from '#src/modules/experiences/experiences.host.schemas';

const t = ja.hostStory;
/** The upload preset this form sends (the hosting service files the images under it). */
const EXPERIENCE_UPLOAD_PRESET = 'experiences';

interface Props {
  images: ImageJson[];
  max: number;
  /** Functional updates: uploads finish one by one while the host may delete others. */
  onAdd: (image: ImageJson) => void;
  onRemove: (index: number) => void;
  error?: string[];
}

export function ImageUploader({ images, max, onAdd, onRemove, error }: Props) {
  const [notices, setNotices] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  // name + size of the files uploaded here, to drop the same file chosen again (spec: duplicates dropped).
  const signatures = useRef(new Map<string, string>());
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File): Promise<ImageJson | string> {
    const body = new FormData();
    body.append('file', file);
    body.append('upload_preset', EXPERIENCE_UPLOAD_PRESET);
    try {
      const res = await fetch('/api/v1/uploads', {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (!res.ok) return ja.uploads.uploadError(res.status);
      const answer = (await res.json()) as UploadResult;
      return { object_key: answer.public_id, url: answer.secure_url };
    } catch {
      return ja.uploads.uploadError(0);
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const messages = new Set<string>();
    const accepted: File[] = [];
    const batch = new Set<string>();
    const known = new Set(signatures.current.keys());
    for (const file of files) {
      if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) {
        messages.add(ja.uploads.wrongFormatDropped);
        continue;
      }
      const signature = `${file.name}:${file.size}`;
      if (known.has(signature) || batch.has(signature)) {
        messages.add(ja.uploads.duplicateDropped);
        continue;
      }
      if (images.length + uploading + accepted.length >= max) {
        messages.add(ja.uploads.tooManyDropped(max));
        continue;
      }
      batch.add(signature);
      accepted.push(file);
    }
    setNotices([...messages]);
    if (accepted.length === 0) return;
    setUploading((n) => n + accepted.length);
    for (const file of accepted) {
      const result = await upload(file);
      setUploading((n) => n - 1);
      if (typeof result === 'string') {
        messages.add(result);
        setNotices([...messages]);
        continue;
      }
      signatures.current.set(`${file.name}:${file.size}`, result.object_key);
      onAdd(result);
    }
  }

  function remove(index: number) {
    if (!window.confirm(ja.uploads.confirmDelete)) return;
    const removed = images[index];
    for (const [signature, key] of signatures.current) if (key === removed.object_key) signatures.current.delete(signature);
    onRemove(index);
  }

  const full = images.length + uploading >= max;
  return (
    <div className="image-uploader">
      <ul className="image-uploader__list" aria-label={t.fields.images}>
        {images.map((image, index) => (
          <li key={image.object_key} className="image-uploader__item">
            <img src={image.url} alt={`${t.fields.images} ${index + 1}`} className="image-uploader__thumb" />
            <button
              type="button"
              className="image-uploader__remove"
              aria-label={`${t.removeImage} (${index + 1})`}
              onClick={() => remove(index)}
            >
              ×
            </button>
          </li>
        ))}
        {Array.from({ length: uploading }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical, stateless placeholders (one per file still uploading).
          <li key={`uploading-${i}`} className="image-uploader__item image-uploader__item--pending" aria-live="polite">
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
      <p className="field__hint">{t.uploadHint}</p>
      {notices.length > 0 && (
        <ul className="alert alert--info image-uploader__notices" role="status">
          {notices.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {error?.map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
    </div>
  );
}
