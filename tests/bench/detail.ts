// The server path: the experience page (cached, uncached, signed in, and with a unique query string per
// request), the experience JSON and a month of calendars, the last three on the server without the public cache.
// A reference row with no goal follows the pages: /logon uncached, a page that reads nothing from the database, so each
// run shows what the page frame alone (Express, Vike, React, the layout) reaches next to the detail page's goal.
import { type BenchPart, type BenchRow, measure } from '#tests/bench/harness';

export const detailPart: BenchPart = {
  name: 'experience detail (server path)',
  async rows(run): Promise<BenchRow[]> {
    const id = run.experienceId;
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const signedIn = { headers: { cookie: run.guestCookie } };
    return [
      await measure(`GET /stories/${id} signed out, cached`, `${run.cached}/stories/${id}`, { goal: 6 }),
      await measure(`GET /stories/${id} signed out, cached, unique query string`, `${run.cached}/stories/${id}`, {
        goal: 6,
        uniqueQuery: true,
      }),
      await measure(`GET /stories/${id} signed out, uncached`, `${run.uncached}/stories/${id}`, { goal: 1.5, p99Goal: 150 }),
      await measure(`GET /stories/${id} signed in`, `${run.uncached}/stories/${id}`, { ...signedIn, goal: 1.5, p99Goal: 150 }),
      await measure('GET /logon uncached (reference: a page that reads no data)', `${run.uncached}/logon`),
      await measure(`GET /api/v1/experiences/${id} uncached`, `${run.uncached}/api/v1/experiences/${id}`, { goal: 4 }),
      await measure(
        `GET /api/v1/experiences/${id}/calendars (1 month) uncached`,
        `${run.uncached}/api/v1/experiences/${id}/calendars?from_date=${from}&to_date=${to}`,
        { goal: 4 },
      ),
    ];
  },
};
