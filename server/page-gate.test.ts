// The pages' turns (server/page-gate.ts) on a real HTTP server: how many are let in, in which order, what a closed
// connection does to the queue and to a place, and the busy page for a request that waited too long.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorHandler } from '#server/middleware/errors';
import { pageGate, type PageGate } from '#server/page-gate';
import * as ja from '#src/i18n/ja';

interface Lab {
  gate: PageGate;
  /** The `n` of every request the handler was entered with, in order. */
  entered: string[];
  /** Ends the held answer of request `n` with 200 and its number. */
  release(n: string): void;
  /** Sends request `n`; resolves with its status, headers and body, or `closed` when the client destroyed it. */
  send(n: string): { answer: Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string } | 'closed'>; destroy(): void };
  close(): Promise<void>;
}

const labs: Lab[] = [];
afterEach(async () => {
  for (const lab of labs.splice(0)) await lab.close();
});

async function lab(limit: number, waitMs = 10_000): Promise<Lab> {
  const gate = pageGate({ limit, waitMs });
  const entered: string[] = [];
  const held = new Map<string, () => void>();
  const app = express();
  app.use(gate.middleware);
  app.get('/page', (req, res) => {
    const n = String(req.query.n);
    entered.push(n);
    held.set(n, () => res.status(200).send(`page ${n}`));
  });
  app.use(errorHandler);
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Kept-alive connections, as browsers and load balancers keep them: a turn comes back when the answer ends, not
  // only when a connection closes.
  const agent = new http.Agent({ keepAlive: true });
  const result: Lab = {
    gate,
    entered,
    release(n) {
      const answer = held.get(n);
      if (!answer) throw new Error(`request ${n} was not let in`);
      held.delete(n);
      answer();
    },
    send(n) {
      let destroyed = false;
      const req = http.get({ port, host: '127.0.0.1', path: `/page?n=${n}`, agent });
      const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string } | 'closed'>((resolve) => {
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        });
        req.on('error', () => resolve('closed'));
        req.on('close', () => {
          if (destroyed) resolve('closed');
        });
      });
      return {
        answer,
        destroy() {
          destroyed = true;
          req.destroy();
        },
      };
    },
    async close() {
      for (const answer of held.values()) answer();
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  labs.push(result);
  return result;
}

describe('the pages’ turns', () => {
  it('lets at most `limit` requests in at once and the others in the order they came, as answers end', async () => {
    const l = await lab(2);
    const one = l.send('1');
    await vi.waitFor(() => expect(l.entered).toEqual(['1']));
    const two = l.send('2');
    await vi.waitFor(() => expect(l.entered).toEqual(['1', '2']));
    const three = l.send('3');
    await vi.waitFor(() => expect(l.gate.waiting()).toBe(1));
    const four = l.send('4');
    await vi.waitFor(() => expect(l.gate.waiting()).toBe(2));
    expect(l.gate.inside()).toBe(2);
    expect(l.entered).toEqual(['1', '2']);

    l.release('2');
    await vi.waitFor(() => expect(l.entered).toEqual(['1', '2', '3']));
    expect(l.gate.waiting()).toBe(1);
    l.release('1');
    await vi.waitFor(() => expect(l.entered).toEqual(['1', '2', '3', '4']));
    l.release('3');
    l.release('4');
    const answers = await Promise.all([one, two, three, four].map((r) => r.answer));
    expect(answers.map((a) => (a === 'closed' ? a : a.body))).toEqual(['page 1', 'page 2', 'page 3', 'page 4']);
    await vi.waitFor(() => expect(l.gate.inside()).toBe(0));
    expect(l.gate.waiting()).toBe(0);
  });

  it('drops a waiting request whose connection closed: it takes no place, and the next waiter gets the turn', async () => {
    const l = await lab(1);
    const first = l.send('1');
    await vi.waitFor(() => expect(l.entered).toEqual(['1']));
    const gone = l.send('gone');
    await vi.waitFor(() => expect(l.gate.waiting()).toBe(1));
    gone.destroy();
    expect(await gone.answer).toBe('closed');
    await vi.waitFor(() => expect(l.gate.waiting()).toBe(0));

    const next = l.send('next');
    await vi.waitFor(() => expect(l.gate.waiting()).toBe(1));
    l.release('1');
    await vi.waitFor(() => expect(l.entered).toEqual(['1', 'next']));
    expect(l.gate.inside()).toBe(1);
    l.release('next');
    expect(await next.answer).toMatchObject({ status: 200, body: 'page next' });
    expect(await first.answer).toMatchObject({ status: 200, body: 'page 1' });
    await vi.waitFor(() => expect(l.gate.inside()).toBe(0));
  });

  it('gives back the place of a request let in whose connection closed before its answer', async () => {
    const l = await lab(1);
    const first = l.send('1');
    await vi.waitFor(() => expect(l.entered).toEqual(['1']));
    const second = l.send('2');
    await vi.waitFor(() => expect(l.gate.waiting()).toBe(1));
    first.destroy();
    expect(await first.answer).toBe('closed');
    // The first handler has not answered, yet its place went to the next request.
    await vi.waitFor(() => expect(l.entered).toEqual(['1', '2']));
    expect(l.gate.inside()).toBe(1);
    l.release('2');
    expect(await second.answer).toMatchObject({ status: 200, body: 'page 2' });
    // Its late answer, to a closed connection, gives back nothing a second time.
    l.release('1');
    await vi.waitFor(() => expect(l.gate.inside()).toBe(0));
    const third = l.send('3');
    await vi.waitFor(() => expect(l.entered).toEqual(['1', '2', '3']));
    expect(l.gate.inside()).toBe(1);
    l.release('3');
    expect(await third.answer).toMatchObject({ status: 200 });
  });

  it('answers a request that waited `waitMs` with the Japanese busy page: 503, Retry-After, stored by no cache', async () => {
    const l = await lab(1, 150);
    const first = l.send('1');
    await vi.waitFor(() => expect(l.entered).toEqual(['1']));
    const late = await l.send('late').answer;
    expect(late).not.toBe('closed');
    if (late === 'closed') return;
    expect(late.status).toBe(503);
    expect(late.headers['retry-after']).toBe('5');
    expect(late.headers['cache-control']).toBe('no-store');
    expect(late.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(late.body).toContain(`<h1>${ja.errors.busyTitle}</h1>`);
    expect(l.gate.waiting()).toBe(0);
    expect(l.entered).toEqual(['1']);

    // The place was never given to it: the first request still holds it, and the next gets it when that one ends.
    const next = l.send('next');
    await vi.waitFor(() => expect(l.gate.waiting()).toBe(1));
    l.release('1');
    await vi.waitFor(() => expect(l.entered).toEqual(['1', 'next']));
    l.release('next');
    expect(await next.answer).toMatchObject({ status: 200, body: 'page next' });
    expect(await first.answer).toMatchObject({ status: 200, body: 'page 1' });
  });
});
