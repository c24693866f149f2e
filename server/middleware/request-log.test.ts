import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountRequestLog } from './request-log';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _encoding, callback) {
    lines.push(JSON.parse(String(chunk)));
    callback();
  },
});

let base = '';
let close = () => {};

beforeAll(async () => {
  const app = express();
  mountRequestLog(app, pino({ level: 'info', base: undefined }, sink));
  app.get('/ok', (_req, res) => {
    res.send('ok');
  });
  app.get('/missing', (_req, res) => {
    res.status(404).send('missing');
  });
  app.get('/fails', (req, res) => {
    req.log.warn('about to fail');
    req.log.error('handler failed');
    res.status(500).send('failed');
  });
  app.get('/assets/app.js', (_req, res) => {
    res.send('js');
  });
  app.get('/slow', (_req, res) => {
    setTimeout(() => res.send('late'), 300);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  close = () => server.close();
});

afterAll(() => close());

/** The log lines of the request with this X-Request-Id, once the answer has been logged. */
async function linesOf(id: string, count = 1): Promise<Record<string, unknown>[]> {
  for (let i = 0; i < 50; i++) {
    const found = lines.filter((l) => (l.req as { id?: string } | undefined)?.id === id);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return lines.filter((l) => (l.req as { id?: string } | undefined)?.id === id);
}

describe('mountRequestLog (server/middleware/request-log.ts)', () => {
  it('logs one line per answer with the method, path, status and time, at a level by status', async () => {
    for (const [path, id] of [
      ['/ok?page=2', 'log-ok'],
      ['/missing', 'log-missing'],
    ]) {
      const res = await fetch(`${base}${path}`, { headers: { 'X-Request-Id': id } });
      expect(res.headers.get('x-request-id')).toBe(id);
    }
    const [ok] = await linesOf('log-ok');
    expect(ok).toMatchObject({ level: 30, msg: 'request completed', req: { id: 'log-ok', method: 'GET', url: '/ok?page=2' } });
    expect(ok.res).toEqual({ statusCode: 200 });
    expect(ok.responseTime).toEqual(expect.any(Number));
    const [missing] = await linesOf('log-missing');
    expect(missing).toMatchObject({ level: 40, msg: 'request completed', res: { statusCode: 404 } });
  });

  it('gives the request a logger whose lines carry the request, and logs a 5xx answer as an error', async () => {
    await fetch(`${base}/fails`, { headers: { 'X-Request-Id': 'log-fails' } });
    await fetch(`${base}/fails?again=1`, { headers: { 'X-Request-Id': 'log-fails-again' } });
    const found = await linesOf('log-fails', 3);
    expect(found.map((l) => [l.level, l.msg])).toEqual([
      [40, 'about to fail'],
      [50, 'handler failed'],
      [50, 'request completed'],
    ]);
    expect(found[0].req).toEqual({ id: 'log-fails', method: 'GET', url: '/fails' });
    expect(found[1].req).toEqual({ id: 'log-fails', method: 'GET', url: '/fails' });
    // The next request's logger is its own, not the first request's.
    const again = await linesOf('log-fails-again', 3);
    expect(again[0].req).toEqual({ id: 'log-fails-again', method: 'GET', url: '/fails?again=1' });
  });

  it('makes an id when the caller sends none or a malformed one, and does not log built assets', async () => {
    const none = await fetch(`${base}/ok`);
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await fetch(`${base}/ok`, { headers: { 'X-Request-Id': 'has spaces in it' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await fetch(`${base}/assets/app.js`, { headers: { 'X-Request-Id': 'log-asset' } });
    await fetch(`${base}/ok`, { headers: { 'X-Request-Id': 'log-after-asset' } });
    await linesOf('log-after-asset');
    expect(await linesOf('log-asset')).toEqual([]);
  });

  it('logs a request whose client went away before the answer as aborted', async () => {
    const controller = new AbortController();
    const pending = fetch(`${base}/slow`, { headers: { 'X-Request-Id': 'log-aborted' }, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow();
    const [aborted] = await linesOf('log-aborted');
    expect(aborted).toMatchObject({ level: 40, msg: 'request aborted', req: { url: '/slow' } });
  });
});
