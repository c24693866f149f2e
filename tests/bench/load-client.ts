// The load generator of the bench's HTTP rows, in a process of its own (tests/bench/harness.ts inOwnProcess, which
// says why): one autocannon run of the target given as JSON in the first argument, its figures printed as one JSON
// line.
import autocannon from 'autocannon';

/** One target: its URL and headers. */
export interface LoadTarget {
  url: string;
  headers: Record<string, string>;
  /** Append a different `?r=n` to every request (a client trying to bypass a cache). */
  uniqueQuery: boolean;
}

/** What the harness asks for: a target, at so many connections for so many seconds. */
export interface LoadSpec extends LoadTarget {
  connections: number;
  duration: number;
}

/** One run's figures: requests a second (mean) and answered in all, p99 in ms, answers not 2xx, errors. */
export interface LoadResult {
  average: number;
  total: number;
  p99: number;
  non2xx: number;
  errors: number;
}

// Only when started as the client (the harness imports this file's types alone).
if (import.meta.main) {
  const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
  const { pathname, search } = new URL(spec.url);
  let n = 0;
  const requests = spec.uniqueQuery
    ? [{ setupRequest: (req: object) => ({ ...req, path: `${pathname}${search ? `${search}&` : '?'}r=${n++}` }) }]
    : undefined;
  const result = await autocannon({
    url: spec.url,
    headers: spec.headers,
    requests,
    connections: spec.connections,
    duration: spec.duration,
  });
  const figures: LoadResult = {
    average: result.requests.average,
    total: result.requests.total,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
