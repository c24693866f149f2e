import type http from 'node:http';
import express from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { staticHeaders } from './static-headers';

/** The headers a GET / answers with when `middleware` runs before a handler that sends "ok". */
async function headersOf(middleware: express.RequestHandler): Promise<http.IncomingHttpHeaders> {
  const app = express();
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.type('text/plain').send('ok');
  });
  const server = app.listen(0);
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/`);
    const headers: http.IncomingHttpHeaders = {};
    res.headers.forEach((value, name) => {
      if (name !== 'date' && name !== 'etag' && name !== 'keep-alive' && name !== 'connection') headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

describe('staticHeaders (server/middleware/static-headers.ts)', () => {
  it('sends exactly the headers helmet sends, including the CSP, and removes X-Powered-By', async () => {
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", 'https://js.stripe.com'] } } };
    const direct = await headersOf(helmet(options));
    const recorded = await headersOf(staticHeaders(helmet(options)));
    expect(recorded).toEqual(direct);
    expect(recorded['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(recorded['x-powered-by']).toBeUndefined();
  });

  it('refuses at start-up a middleware that does not call next() at once', () => {
    expect(() => staticHeaders((_req, _res, next) => setTimeout(next, 1))).toThrow(/did not call next/);
  });
});
