// Browser-side JSON client for /api/v1. Errors carry the server's { status, message, messages } body.
import type { FieldMessages } from './errors';
import { ja } from '#src/i18n/ja';

export class ApiError extends Error {
  readonly status: number;
  readonly messages: FieldMessages;
  constructor(status: number, message: string, messages: FieldMessages = {}) {
    super(message);
    this.status = status;
    this.messages = messages;
  }
  /** Every message, flattened, for an error list. */
  all(): string[] {
    const list = Object.values(this.messages).flat();
    return list.length > 0 ? list : [this.message];
  }
}

export async function api<T = unknown>(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers:
        options.body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, ja.common.networkError);
  }
  if (response.status === 204) return undefined as T;
  const body = await jsonOf(response);
  if (!response.ok) throw errorOf(response, body);
  return body as T;
}

async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function errorOf(response: Response, body: unknown): ApiError {
  const b = (body ?? {}) as { message?: string; messages?: FieldMessages };
  return new ApiError(response.status, b.message ?? ja.common.httpError(response.status), b.messages ?? {});
}

/** A file the API answered with (a PDF) and the name its Content-Disposition gives it. */
export interface ApiFile {
  blob: Blob;
  filename: string;
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` when given, else `filename`. */
function dispositionFilename(header: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]);
    } catch {
      // Falls back to the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(header ?? '')?.[1] ?? 'download';
}

/**
 * Calls the API like `api` (JSON body, same errors) for an answer that is a file: its bytes and name. With the form
 * kit: `useForm({ call: apiFile, onSuccess: saveFile })`.
 */
export async function apiFile(path: string, options: { method?: string; body?: unknown } = {}): Promise<ApiFile> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: options.body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, ja.common.networkError);
  }
  if (!response.ok) throw errorOf(response, await jsonOf(response));
  return { blob: await response.blob(), filename: dispositionFilename(response.headers.get('content-disposition')) };
}

/** Saves a file from the API as a download link would (the browser's download, under its name). */
export function saveFile(file: ApiFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by then; the URL is only released later so a slow start still finds them.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The one return-path check: a same-site path to go back to after signing in, else `fallback`. Checked on the text
 * (a leading single '/', no backslash, no control characters such as tabs or newlines, also percent-encoded) and
 * again after URL parsing (same origin, no '//' in the path, inside `scope` when given, so '/brand/../admin' is
 * refused for the brand portal).
 */
export function safeRedirect(value: string | null | undefined, scope?: string, fallback = scope ?? '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  const unsafe = /[\\\u0000-\u001f\u007f]/;
  if (unsafe.test(value) || unsafe.test(decoded) || decoded.startsWith('//')) return fallback;
  const base = 'http://same-site.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base || url.pathname.includes('//') || decodeURIComponent(url.pathname).includes('//')) return fallback;
  if (scope && url.pathname !== scope && !url.pathname.startsWith(`${scope}/`)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function logonUrl(returnTo: string): string {
  return `/logon?redirect=${encodeURIComponent(returnTo)}`;
}
