// The server path: the experience page (cached, uncached, signed in, and with a unique query string per
// request), the experience JSON and a month of calendars, the last three on the server without the public cache.
// The reference row is /logon uncached, a page that reads nothing from the database: what the page frame alone (Express,
// Vike, React, the layout) reaches in the same run. The uncached and signed-in page's goal is a share of it
// (REFERENCE_PAGE_GOAL), so the goal measures what the page adds to the frame, whatever the host's speed. A signed-in
// page that reads no data (/terms) is measured beside them, without a goal: the signed-in row's share is that
// request's cost as well as the page's. The four are measured in alternation (measureAlternating), so they share the
// same minutes of the machine.
import { type BenchPart, type BenchRow, measure, measureAlternating, PAGE_P99_GOAL_MS } from '#tests/bench/harness';

/** The experience page, uncached and signed in, as a share of /logon uncached (percent). */
const REFERENCE_PAGE_GOAL = 60;

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
      ...(await measureAlternating(
        [
          {
            title: 'GET /logon uncached (reference: a page that reads no data)',
            url: `${run.uncached}/logon`,
            options: { reference: true },
          },
          {
            title: `GET /stories/${id} signed out, uncached`,
            url: `${run.uncached}/stories/${id}`,
            options: { referenceGoal: REFERENCE_PAGE_GOAL, p99Goal: PAGE_P99_GOAL_MS },
          },
          {
            title: `GET /stories/${id} signed in`,
            url: `${run.uncached}/stories/${id}`,
            options: { ...signedIn, referenceGoal: REFERENCE_PAGE_GOAL, p99Goal: PAGE_P99_GOAL_MS },
          },
          // No goal: what being signed in costs a page that reads no data (the session and its statement, rendering for
          // a user), so that the signed-in row can be read as the page's own cost plus this.
          {
            title: 'GET /terms signed in (a signed-in page that reads no data)',
            url: `${run.uncached}/terms`,
            options: signedIn,
          },
        ],
        { server: run.uncachedPid, database: run.databasePid },
      )),
      await measure(`GET /api/v1/experiences/${id} uncached`, `${run.uncached}/api/v1/experiences/${id}`, { goal: 4 }),
      await measure(
        `GET /api/v1/experiences/${id}/calendars (1 month) uncached`,
        `${run.uncached}/api/v1/experiences/${id}/calendars?from_date=${from}&to_date=${to}`,
        { goal: 4 },
      ),
    ];
  },
};
