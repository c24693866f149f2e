// Requests Node's HTTP parser refuses before the app (server/client-error.ts): a keyword typed into the URL without
// percent-encoding, a URL over the 16 kB header limit. The API answers its JSON error shape in Japanese, a page the
// plain Japanese error page; a long keyword that is encoded reaches the search's own 422.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '#tests/setup/test-app';
import { answerClientError } from '#server/client-error';
import * as ja from '#src/i18n/ja';

let server: http.Server;
let port: number;

beforeAll(async () => {
  const t = await setupTestApp();
  server = http.createServer(t.app);
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ({ port } = server.address() as AddressInfo);
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Sends `target` as written (no encoding) and reads the whole answer. */
function raw(target: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(Buffer.from(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, 'utf8')),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('what the HTTP parser refuses', () => {
  it('a keyword not percent-encoded: the API answers 422 with a Japanese message, not an empty 400', async () => {
    const res = await raw(`/api/v1/stories?q=${'陶'.repeat(600)}`);
    expect(res.status).toBe(422);
    expect(res.headers).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({
      status: 422,
      message: ja.errors.urlCharacters,
      messages: {
        base: ['URLに使用できない文字が含まれています。日本語などの文字はURLエンコード（%E3%81%82 の形式）して送信してください'],
      },
    });
  });

  it('the same keyword percent-encoded reaches the search: 422 naming the keyword limit', async () => {
    const res = await raw(`/api/v1/stories?q=${encodeURIComponent('陶'.repeat(600))}`);
    expect(res.status).toBe(422);
    expect(JSON.parse(res.body).messages).toEqual({ q: ['キーワードは100文字以内で入力してください'] });
  });

  it('a URL over the header limit: 431 with a Japanese message', async () => {
    const res = await raw(`/api/v1/stories?q=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      status: 431,
      message: 'URLまたはリクエストヘッダーが長すぎます',
      messages: { base: ['URLまたはリクエストヘッダーが長すぎます'] },
    });
  });

  it('a page: the plain Japanese 400 page', async () => {
    const res = await raw(`/stories?q=${'陶'.repeat(3)}`);
    expect(res.status).toBe(400);
    expect(res.headers).toContain('Content-Type: text/html; charset=utf-8');
    expect(res.body).toContain(`<h1>${ja.requests.badRequestTitle}</h1>`);
  });
});
