import http from 'node:http';
import express, { type ErrorRequestHandler, Router } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { routeIndex } from './route-index';

/** A router that records when a request enters it, with the same routes (routeIndex reads `stack`). */
function recorded(name: string, router: Router, entered: string[]): Router {
  const wrapper = ((req, res, next) => {
    entered.push(name);
    router(req, res, next);
  }) as Router;
  return Object.assign(wrapper, { stack: router.stack });
}

function build() {
  const entered: string[] = [];
  const items = Router();
  items.get('/items/special', (_req, res) => {
    res.send('items: special');
  });
  items.get('/items/passed-on', (_req, _res, next) => next('router'));
  items.get('/items/broken', () => {
    throw new Error('broken');
  });
  const anything = Router();
  anything.get('/:name', (req, res) => {
    res.send(`anything: ${req.params.name}`);
  });
  const more = Router();
  more.get('/items/passed-on', (_req, res) => {
    res.send('more: passed on');
  });
  more.get('/items/:id', (req, res) => {
    res.send(`more: ${req.params.id}`);
  });
  more.post('/orders', (_req, res) => {
    res.send('more: order');
  });
  const app = express();
  app.use('/v1', routeIndex([recorded('items', items, entered), recorded('anything', anything, entered), recorded('more', more, entered)]));
  app.use((_req, res) => {
    res.status(404).send('not found');
  });
  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    res.status(500).send(`error: ${(error as Error).message}`);
  };
  app.use(onError);
  return { app, entered };
}

describe('routeIndex', () => {
  it('enters only the routers with a route for the first segment, and those that begin with a parameter', async () => {
    const { app, entered } = build();
    const res = await request(app).post('/v1/orders');
    expect(res.text).toBe('more: order');
    expect(entered).toEqual(['anything', 'more']);
  });

  it('keeps the routers in their order: the first that answers wins', async () => {
    const { app, entered } = build();
    expect((await request(app).get('/v1/items/special')).text).toBe('items: special');
    expect(entered).toEqual(['items']);
    // The parameter router is tried in its place (second) but matches one segment only.
    expect((await request(app).get('/v1/items/7')).text).toBe('more: 7');
    expect((await request(app).get('/v1/elsewhere')).text).toBe('anything: elsewhere');
  });

  it('matches the segment as Express does: any case, a trailing slash, a query string', async () => {
    const { app } = build();
    expect((await request(app).get('/v1/ITEMS/Special/')).text).toBe('items: special');
    expect((await request(app).get('/v1/items/special?x=1')).text).toBe('items: special');
  });

  it('reads the path as Express does when the request line has an absolute URL', async () => {
    const { app } = build();
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const text = await new Promise<string>((resolve, reject) => {
        http
          .get({ port, path: `http://127.0.0.1:${port}/v1/items/special` }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => {
              body += chunk.toString();
            });
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
      expect(text).toBe('items: special');
    } finally {
      server.close();
    }
  });

  it('passes on to what follows when no router answers', async () => {
    const { app, entered } = build();
    const res = await request(app).get('/v1/items/7/deeper');
    expect(res.status).toBe(404);
    expect(entered).toEqual(['items', 'anything', 'more']);
  });

  it("continues with the next router after next('router'), and hands errors to the error handler", async () => {
    const { app } = build();
    expect((await request(app).get('/v1/items/passed-on')).text).toBe('more: passed on');
    const broken = await request(app).get('/v1/items/broken');
    expect(broken.status).toBe(500);
    expect(broken.text).toBe('error: broken');
  });

  it('answers OPTIONS with the methods of the first router that has the path', async () => {
    const { app } = build();
    const res = await request(app).options('/v1/items/7');
    expect(res.status).toBe(200);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});
