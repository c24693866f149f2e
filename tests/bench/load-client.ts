// The load generator of the bench's HTTP rows, in a process of its own (tests/bench/harness.ts inOwnProcess, which
// says why): one autocannon run of the target given as JSON in the first argument, its figures printed as one JSON
// line.
import autocannon from 'autocannon';

/** What the harness asks for (tests/bench/harness.ts LoadSpec). */
interface Spec {
  url: string;
  headers: Record<string, string>;
  connections: number;
  duration: number;
  /** Append a different `?r=n` to every request (a client trying to bypass a cache). */
  uniqueQuery: boolean;
}

const spec = JSON.parse(process.argv[2] ?? '') as Spec;
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
process.stdout.write(
  `${JSON.stringify({
    average: result.requests.average,
    total: result.requests.total,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  })}\n`,
);
