// Requests Node's HTTP parser refuses before Express sees them: a URL holding characters a URL cannot (a keyword
// typed into the address without percent-encoding, e.g. `?q=陶芸`), a request line and headers over Node's 16 kB, a
// request that did not arrive in time. Without a listener Node answers these with a bare status and no body; here
// the API answers its JSON error shape with a Japanese message (422 for the characters, like any other malformed
// query value), a page the plain Japanese error page.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorPageHtml, isApiPath, type ErrorBody } from '#server/middleware/errors';
import * as ja from '#src/i18n/ja';

interface ParserError extends Error {
  code?: string;
  /** The bytes the parser had read (the request line first). */
  rawPacket?: Buffer;
}

/** The path of the refused request's line ('' when the parser had not read one). */
function pathOf(raw: Buffer | undefined): string {
  const line = raw?.toString('latin1').split('\r\n', 1)[0] ?? '';
  return line.split(' ')[1] ?? '';
}

function answerOf(error: ParserError, api: boolean): { status: number; message: string } {
  switch (error.code) {
    case 'HPE_INVALID_URL':
      return { status: api ? 422 : 400, message: ja.errors.urlCharacters };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: ja.errors.urlTooLong };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: ja.errors.requestTimeout };
    default:
      return { status: 400, message: ja.errors.invalidBody };
  }
}

/** The server's `clientError` listener (server/boot.ts). */
export function answerClientError(error: ParserError, socket: Duplex): void {
  // Only on a socket that can still take an answer (Node's documented pattern). A browser never pipelines, so no
  // earlier answer on the same connection is still being written when its next request is refused.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy(error);
    return;
  }
  const api = isApiPath(pathOf(error.rawPacket));
  const { status, message } = answerOf(error, api);
  const body = api ? JSON.stringify({ status, message, messages: { base: [message] } } satisfies ErrorBody) : errorPageHtml(status);
  const type = api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8';
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
