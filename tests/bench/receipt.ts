// The receipt PDF (npm run bench): POST /api/v1/reservations/{id}/receipt on the uncached production server, as the
// demo guest, one request at a time: the first after the boot (it reads the font files) and then 30 more. Prints
// the times, the file's size and the machine's load (the times are wall-clock: other work on the machine adds to
// them); the goal is each receipt in at most 200 ms and 100 kB.
import os from 'node:os';
import type { BenchPart } from '#tests/bench/harness';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { User } from '#src/modules/users/users.entity';
import { createReservation } from '#tests/factories/reservations';

const TIME_GOAL_MS = 200;
const SIZE_GOAL_BYTES = 100_000;
const RUNS = 30;

let reservationId = 0;

async function download(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ addressee: '株式会社ベンチマーク 経理部', purpose: '体験料として' }),
  });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`receipt answered ${res.status}: ${Buffer.from(body).toString()}`);
  return { ms, bytes: body.byteLength };
}

export const receiptPart: BenchPart = {
  name: 'Receipt PDF',
  async prepare({ orm }) {
    const em = orm.em.fork();
    const guest = await em.findOneOrFail(User, { email: 'guest@example.com' });
    const calendar = await em.findOneOrFail(Calendar, { experience: { approve: true } }, { orderBy: { id: 'desc' } });
    reservationId = (await createReservation(orm, { userId: guest.id, experienceId: calendar.experience.id, calendarIds: [calendar.id] }))
      .id;
  },
  async report(run) {
    const url = `${run.uncached}/api/v1/reservations/${reservationId}/receipt`;
    const first = await download(url, run.guestCookie);
    const rest: { ms: number; bytes: number }[] = [];
    for (let i = 0; i < RUNS; i++) rest.push(await download(url, run.guestCookie));
    const times = rest.map((r) => r.ms).sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    const largest = Math.max(first.bytes, ...rest.map((r) => r.bytes));
    const slowest = Math.max(first.ms, ...times);
    const ok = slowest <= TIME_GOAL_MS && largest <= SIZE_GOAL_BYTES;
    return {
      ok,
      lines: [
        `first after boot ${first.ms.toFixed(0)} ms; then ${RUNS} one at a time: median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms (goal ≤ ${TIME_GOAL_MS} ms each${slowest > TIME_GOAL_MS ? ', MISSED' : ''})`,
        `machine load average while measuring: ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
        `size ${(largest / 1000).toFixed(1)} kB (goal ≤ ${SIZE_GOAL_BYTES / 1000} kB${largest > SIZE_GOAL_BYTES ? ', MISSED' : ''})`,
      ],
    };
  },
};
