// Robustness 6, 7 and 10: text PostgreSQL cannot hold is refused at the edge (422, Japanese), zod's own
// messages are Japanese, a malformed escape on a page answers the Japanese HTML page, and an upload under the
// wrong field name says so.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { z } from 'zod';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser } from '#tests/factories/users';
import { User } from '#src/modules/users/users.entity';
import { ContactInquiry } from '#src/modules/inquiries/inquiries.entity';
import { parseInput } from '#src/lib/isomorphic/validate';
import type { ValidationError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9faf]/;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

let ipCounter = 0;
const ip = () => `203.0.113.${++ipCounter}`;

/** Every message of an error body. */
function messages(body: { message?: string; messages?: Record<string, string[]> }): string[] {
  return [body.message ?? '', ...Object.values(body.messages ?? {}).flat()];
}

describe('NUL bytes and lone surrogates (robustness 6)', () => {
  it('refuses them in a JSON body with 422 naming the field, before anything reads the database', async () => {
    for (const email of ['a\u0000b@example.com', 'a\ud800b@example.com', '\udc00@example.com']) {
      const res = await request(t.app)
        .post('/api/v1/sessions')
        .set('X-Forwarded-For', ip())
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ email, password: 'x' }));
      expect(res.status).toBe(422);
      expect(res.body.messages).toEqual({ email: [ja.errors.invalidBody] });
    }
    // Raw JSON escapes too (what a client that never builds the string sends).
    const raw = await request(t.app)
      .post('/api/v1/users')
      .set('X-Forwarded-For', ip())
      .set('Content-Type', 'application/json')
      .send('{"name":"\\ud83d","email":"x@example.com","password":"password1234","agree_terms":true}');
    expect(raw.status).toBe(422);
    expect(raw.body.messages).toEqual({ name: [ja.errors.invalidBody] });
    expect(await t.orm.em.fork().count(User, { email: 'x@example.com' })).toBe(0);
  });

  it('keeps a well-formed surrogate pair (an emoji) and Japanese text', async () => {
    const res = await request(t.app)
      .post('/api/v1/contact_inquiries')
      .set('X-Forwarded-For', ip())
      .send({ name: '山田 😀', email: 'emoji@example.com', body: 'こんにちは 🎌', subject: 'other' });
    expect(res.status).not.toBe(500);
    expect(res.body.messages?.name).toBeUndefined();
  });

  it('refuses them in keys, nested values, the query string and the path', async () => {
    const nested = await request(t.app)
      .post('/api/v1/contact_inquiries')
      .set('X-Forwarded-For', ip())
      .send({ name: '山田', extra: { deep: ['ok', 'bad\u0000'] } });
    expect(nested.status).toBe(422);
    expect(nested.body.messages).toEqual({ 'extra.deep.1': [ja.errors.invalidBody] });
    // A NUL in an id names nothing: the resource's 404, like any malformed id.
    expect((await request(t.app).get('/api/v1/experiences/%00')).status).toBe(404);
    const key = await request(t.app).post('/api/v1/contact_inquiries').set('X-Forwarded-For', ip()).send({ 'a\u0000': 1 });
    expect(key.status).toBe(422);
    for (const url of ['/api/v1/experiences?q=%00', '/api/v1/users?q=a%00b', '/api/v1/price?x[y]=%00']) {
      const res = await request(t.app).get(url);
      expect(res.status, url).toBe(422);
      expect(
        messages(res.body).every((m) => JAPANESE.test(m)),
        url,
      ).toBe(true);
    }
    expect(await t.orm.em.fork().count(ContactInquiry, {})).toBe(0);
  });

  it('answers 404 for NUL in any API path parameter, ids and other strings alike, before it reaches PostgreSQL', async () => {
    const { agent } = await createSignedInUser(t);
    for (const id of ['%00', '1%00', 'pi_test_%00', 'pi_test_1%00x']) {
      const res = await agent
        .post(`/api/v1/payments/test/intents/${id}/authenticate`)
        .set('X-Forwarded-For', ip())
        .send({ client_secret: 'secret', result: 'succeed' });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ status: 404, message: ja.errors.notFound, messages: { base: [ja.errors.notFound] } });
    }
    for (const url of ['/api/v1/communities/%00', '/api/v1/uploads/a%00b', '/brand/api/v1/communities/1%00', '/api/v1/profiles/%00']) {
      const res = await request(t.app).get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.message, url).toBe(ja.errors.notFound);
    }
  });

  it('answers the Japanese 400 page for a page path or query holding NUL', async () => {
    for (const url of ['/stories/location/%00', '/stories?area=%00', '/stories/location/%ED%A0%80']) {
      const res = await request(t.app).get(url);
      expect(res.status, url).toBe(400);
      expect(res.type).toBe('text/html');
      expect(res.text).toContain(ja.requests.badRequestTitle);
    }
  });
});

describe('the page renderer’s marker strings', () => {
  // Vike writes a page's assets where the HTML holds `__VITE_PLUGIN__SSR_ASSETS_LAST__` and fails the render when it
  // holds it twice: such a text must never reach a page.
  const MARK = '__VITE_PLUGIN__SSR_ASSETS_LAST__';

  it('refuses them in a JSON body with its own Japanese message naming the field, storing nothing', async () => {
    const res = await request(t.app)
      .post('/api/v1/contact_inquiries')
      .set('X-Forwarded-For', ip())
      .send({ name: '山田', email: 'mark@example.com', body: `本文${MARK}${MARK}`, subject: 'other' });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual({ body: ['「__VITE_PLUGIN」を含む文字列は使用できません'] });
    const nested = await request(t.app)
      .post('/api/v1/contact_inquiries')
      .set('X-Forwarded-For', ip())
      .send({ name: '山田', extra: { deep: ['ok', '__VITE_PLUGIN_SSR__ASSETS_FIRST__'] } });
    expect(nested.body.messages).toEqual({ 'extra.deep.1': ['「__VITE_PLUGIN」を含む文字列は使用できません'] });
    expect(await t.orm.em.fork().count(ContactInquiry, { email: 'mark@example.com' })).toBe(0);
  });

  it('answers the Japanese 400 page for a page path or query holding one, and 422 for an API query', async () => {
    for (const url of [`/${MARK}${MARK}`, `/stories?keyword=${MARK}`, `/stories/location/%5F%5FVITE_PLUGIN`]) {
      const res = await request(t.app).get(url);
      expect(res.status, url).toBe(400);
      expect(res.text).toContain(ja.requests.badRequestTitle);
    }
    const api = await request(t.app).get(`/api/v1/stories/search?keyword=${MARK}`);
    expect(api.status).toBe(422);
    expect(api.body.message).toBe('「__VITE_PLUGIN」を含む文字列は使用できません');
  });

  it('keeps texts that merely look alike', async () => {
    const res = await request(t.app)
      .post('/api/v1/contact_inquiries')
      .set('X-Forwarded-For', ip())
      .send({ name: '山田', email: 'alike@example.com', body: '__VITE と PLUGIN の話', subject: 'other' });
    expect(res.status).not.toBe(500);
    expect(res.body.messages?.body).toBeUndefined();
  });
});

describe('zod messages are Japanese (robustness 7)', () => {
  it('answers a [] body, repeated query keys and unknown keys in Japanese', async () => {
    const array = await request(t.app).post('/api/v1/sessions').set('X-Forwarded-For', ip()).send([]);
    expect(array.status).toBe(422);
    const repeated = await request(t.app).get('/api/v1/experiences?state=a&state=b&page=1&page=2');
    const responses = [array, repeated];
    for (const res of responses) {
      expect(res.status).toBeLessThan(500);
      for (const m of messages(res.body)) expect(m).toMatch(JAPANESE);
    }
  });

  it('sets one Japanese map for every schema, and keeps a schema’s own message', () => {
    const plain = z.strictObject({ n: z.number().max(3), s: z.string().max(2), e: z.enum(['a', 'b']) });
    try {
      parseInput(plain, { n: 9, s: 'abc', e: 'c', foo: 1 });
      expect.unreachable();
    } catch (error) {
      const details = (error as ValidationError).details ?? {};
      const all = Object.values(details).flat();
      expect(all.length).toBe(4);
      for (const m of all) expect(m).toMatch(JAPANESE);
      expect(details.s).toEqual([ja.requests.zod.tooLong('2')]);
    }
    const own = z.object({ a: z.string({ error: '独自のメッセージ' }) });
    expect(own.safeParse({ a: 1 }).error?.issues[0].message).toBe('独自のメッセージ');
    expect(z.string().safeParse([]).error?.issues[0].message).toBe(ja.requests.zod.invalidType);
    // What the map does not name comes from zod's Japanese locale, never English.
    expect(z.number().multipleOf(5).safeParse(3).error?.issues[0].message).toMatch(JAPANESE);
    expect(z.templateLiteral(['a', z.number()]).safeParse('b').error?.issues[0].message).toMatch(JAPANESE);
  });
});

describe('malformed escapes and upload field names (robustness 10)', () => {
  it('answers the Japanese HTML page, not JSON, for a malformed escape in a page path', async () => {
    for (const url of ['/stories/%C0%AF', '/experiences/%E0%A4%A', '/%']) {
      const res = await request(t.app).get(url);
      expect(res.status, url).toBe(400);
      expect(res.type, url).toBe('text/html');
      expect(res.text).toContain(ja.requests.badRequestTitle);
    }
    // The API keeps its JSON.
    const api = await request(t.app).get('/api/v1/experiences/%C0%AF');
    expect(api.status).toBe(400);
    expect(api.type).toBe('application/json');
    expect(api.body.message).toMatch(JAPANESE);
  });

  it('names the expected field when a file comes under another name', async () => {
    const { agent } = await createSignedInUser(t);
    const res = await agent.post('/api/v1/uploads').attach('image', PNG, 'a.png');
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual({ file: [ja.requests.wrongUploadField('file')] });
  });
});
