// A run of bad inputs against both servers (the kind a fuzzer or a scanner sends): every request differs, so anything
// kept per distinct input (a cache key, a rate-limit key, a prepared statement) grows unless it is bounded. The
// runner's peak-memory line (VmHWM of each server, goal ≤ 300 MB) is read after this part, so it covers the run.
import type { BenchPart, BenchRun } from '#tests/bench/harness';

const REQUESTS_PER_SERVER = Number(process.env.BENCH_BAD_INPUTS ?? 20_000);
const CONCURRENCY = 20;

/** The n-th bad request: junk cookies, unknown parameters, NUL in a path, absurd dates, unknown ids, bad JSON. */
function badRequest(base: string, n: number): [string, RequestInit] {
  const junk = `${n.toString(36)}x${(n * 7919).toString(36)}`;
  switch (n % 8) {
    case 0:
      return [`${base}/stories?zz${junk}=1`, {}];
    case 1:
      return [`${base}/stories/1?utm_${junk}=${junk}`, { headers: { cookie: `sid=s%3A${junk}.${junk}` } }];
    case 2:
      return [`${base}/api/v1/payments/test/intents/pi_${junk}%00/authenticate`, { method: 'POST' }];
    case 3:
      return [`${base}/api/v1/stories?q=${junk}&date_from=9999-12-${10 + (n % 20)}`, {}];
    case 4:
      return [`${base}/api/v1/experiences/${100_000 + n}`, {}];
    case 5:
      return [`${base}/stories?keyword=${encodeURIComponent(`体験${junk}`)}&page=${n}`, {}];
    case 6:
      return [
        `${base}/api/v1/sessions`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"email":"${junk}@example.com","password":` },
      ];
    default:
      return [`${base}/${junk}/${junk}?${junk}=${junk}`, {}];
  }
}

async function flood(base: string): Promise<{ statuses: Map<number, number>; ms: number }> {
  const statuses = new Map<number, number>();
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS_PER_SERVER) {
      const [url, init] = badRequest(base, next++);
      const res = await fetch(url, { ...init, redirect: 'manual' }).catch(() => null);
      const status = res?.status ?? 0;
      await res?.arrayBuffer().catch(() => undefined);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { statuses, ms: performance.now() - started };
}

export const badInputsPart: BenchPart = {
  name: 'bad inputs',
  async report(run: BenchRun) {
    const lines: string[] = [`\nbad inputs: ${REQUESTS_PER_SERVER} distinct bad requests per server, ${CONCURRENCY} at a time`];
    let ok = true;
    for (const [name, base] of [
      ['cached', run.cached],
      ['uncached', run.uncached],
    ] as const) {
      const { statuses, ms } = await flood(base);
      const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${s}: ${c}`);
      const fivexx = [...statuses].filter(([s]) => s === 0 || s >= 500).reduce((sum, [, c]) => sum + c, 0);
      if (fivexx > 0) ok = false;
      lines.push(`- ${name}: ${(ms / 1000).toFixed(1)} s, answers ${counts.join(', ')}${fivexx > 0 ? ' (5xx or no answer: FAILED)' : ''}`);
    }
    return { lines, ok };
  },
};
