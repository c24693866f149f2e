// The experience page's data read before Vike's render (server/read-ahead.ts, pages/read-ahead.ts): the route table
// picks the page, its one statement runs once, and what the hook would have answered is what the page answers (the
// page, or the 404 page for an unknown or malformed id). The pages are those `npm run build` made.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { loggedQueries } from '#tests/setup/logged-queries';
import { GUEST } from '#src/lib/context';
import { readAhead } from '#server/read-ahead';

let t: TestApp;
let id = 0;

beforeAll(async () => {
  t = await setupTestApp({}, { pages: 'production' });
  id = (await createExperience(t.orm, { title: '藍染めのハンカチ作り' })).id;
  await createCalendar(t.orm, id, { daysFromToday: 10 });
});

/** The page's answer and the SQL statements it sent. */
async function page(path: string) {
  let res!: request.Response;
  const queries = await loggedQueries(t.orm, async () => {
    res = await request(t.app).get(path);
  });
  return { status: res.status, html: res.text, queries };
}

describe('the data read before the render', () => {
  it('is made for the experience page only, with the parameters the route table gives', async () => {
    const read = readAhead(true);
    const ctx = t.services.context(GUEST);
    const ahead = await read(`/stories/${id}`, { services: t.services, ctx });
    expect(ahead).toMatchObject({ pageId: '/pages/stories/@id/index', routeParams: { id: String(id) } });
    expect(ahead?.outcome).toMatchObject({ value: { experience: { id, title: '藍染めのハンカチ作り' } } });
    expect(await read('/logon', { services: t.services, ctx })).toBeUndefined();
    expect(await read(`/stories/${id}/calendars`, { services: t.services, ctx })).toBeUndefined();
  });

  it('renders the page with one statement: the hook takes the read and does not read again', async () => {
    const { status, html, queries } = await page(`/stories/${id}`);
    expect(status).toBe(200);
    expect(html).toContain('藍染めのハンカチ作り');
    expect(queries).toHaveLength(1);
  });

  it('answers the 404 page for an unknown id after one statement, and for a malformed one after none', async () => {
    const unknown = await page('/stories/2000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('ページが見つかりません');
    expect(unknown.queries).toHaveLength(1);
    const malformed = await page('/stories/abc');
    expect(malformed.status).toBe(404);
    expect(malformed.queries).toHaveLength(0);
  });

  it('leaves a path the route table reads differently from Vike to the hook, which reads for itself', async () => {
    // Vike decodes the path ('%31' is '1'); the read ahead saw '%31…', which is no id, so the hook does not take it.
    const encoded = `/stories/${[...String(id)].map((digit) => `%3${digit}`).join('')}`;
    const { status, html, queries } = await page(encoded);
    expect(status).toBe(200);
    expect(html).toContain('藍染めのハンカチ作り');
    expect(queries).toHaveLength(1);
  });
});
