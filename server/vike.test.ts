import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import type { Services } from '#src/root';
import { pageContextInit } from './vike';

// A request as the session and context middleware leave it, with only what the page context takes from it.
const req = {
  headers: { host: 'localhost:3000', 'accept-language': 'ja' },
  originalUrl: '/stories/1',
  ctx: { requestId: 'r-1' },
  sessionID: 'sid-1',
  session: { device: 'Chrome (macOS)' },
} as unknown as Request;

describe('pageContextInit', () => {
  // Vike copies every top-level property of the page context several times per render: a property more made each
  // experience page allocate measurably more (docs/decisions/page-render.md). A new part of the request goes into
  // `request`; changing this list means measuring the page again (npm run bench).
  it('gives the page context its seven top-level properties, the request’s own parts in `request`', () => {
    const init = pageContextInit(req, {
      urlOriginal: '/stories/1',
      user: null,
      services: {} as Services,
      readAhead: undefined,
      answer: {},
    });
    expect(Object.keys(init)).toEqual(['_pageId', 'urlOriginal', 'headersOriginal', 'user', 'services', 'ctx', 'request']);
    expect(Object.keys(init.request)).toEqual(['consumeCompletion', 'currentSession', 'readAhead', 'answerWith', 'keepPageHtml']);
  });

  it("leaves the page's HTML the hook after React's render keeps where the answer takes it", () => {
    const answer: { pageHtml?: string } = {};
    const init = pageContextInit(req, { urlOriginal: '/terms', user: null, services: {} as Services, readAhead: undefined, answer });
    expect(answer.pageHtml).toBeUndefined();
    init.request.keepPageHtml('<main>利用規約</main>');
    expect(answer.pageHtml).toBe('<main>利用規約</main>');
  });

  it('leaves the status a hook answers with where the render reads it', () => {
    const answer: { status?: number } = {};
    const init = pageContextInit(req, {
      urlOriginal: '/stories?price_min=-5',
      user: null,
      services: {} as Services,
      readAhead: undefined,
      answer,
    });
    expect(answer.status).toBeUndefined();
    init.request.answerWith(400);
    expect(answer.status).toBe(400);
  });

  it('carries `_pageId` as a plain undefined property, the request’s headers, context and session', () => {
    const init = pageContextInit(req, {
      urlOriginal: '/stories?q=陶芸',
      user: null,
      services: {} as Services,
      readAhead: undefined,
      answer: {},
    });
    expect(Object.getOwnPropertyDescriptor(init, '_pageId')).toEqual({
      value: undefined,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(init.urlOriginal).toBe('/stories?q=陶芸');
    expect(init.headersOriginal).toBe(req.headers);
    expect(init.ctx).toBe(req.ctx);
    expect(init.request.currentSession).toEqual({ current_session_id: 'sid-1', current_device: 'Chrome (macOS)' });
  });

  it('gives a request without a session an empty session id and no device', () => {
    const bare = { headers: {}, originalUrl: '/', ctx: {} } as unknown as Request;
    const init = pageContextInit(bare, { urlOriginal: '/', user: null, services: {} as Services, readAhead: undefined, answer: {} });
    expect(init.request.currentSession).toEqual({ current_session_id: '', current_device: null });
  });
});
