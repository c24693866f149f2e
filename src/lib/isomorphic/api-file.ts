// The API's file answers (a receipt's PDF): the bytes and name, and saving them as a download. Apart from the JSON
// client (api-client.ts) because every page's first load carries that one (the header signs out with it), and only
// the pages that download a file need this.
import * as ja from '#src/i18n/ja';
import { ApiError, errorOf, jsonOf } from './api-client';

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
