// Browser-side JSON client for /api/v1. Errors carry the server's { status, message, messages } body.
import type { FieldMessages } from './errors';
import * as ja from '#src/i18n/ja';

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

/** The JSON body of an answer, or null (also for a body that is not JSON). */
export async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The ApiError of an answer that is not ok, from its body (`message`, `messages`) or its status. */
export function errorOf(response: Response, body: unknown): ApiError {
  const b = (body ?? {}) as { message?: string; messages?: FieldMessages };
  return new ApiError(response.status, b.message ?? ja.common.httpError(response.status), b.messages ?? {});
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
