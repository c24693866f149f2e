// The search's load (tests/bench/catalogue.ts measureSearch), in a process of its own started with Node's own type
// stripping (tests/bench/harness.ts inOwnProcess): a warm-up, then the measured run, whose figures it prints as one
// JSON line. Plain TypeScript without the project's aliases, so that no loader runs in it; its connections are
// tests/bench/bench-connection.ts' and its percentiles tests/bench/stats.ts'.
import { BenchConnection } from './bench-connection.ts';
import { quantile } from './stats.ts';

/** What the bench asks for: the server, how long, how many at once, and what to search. */
export interface SearchSpec {
  base: string;
  seconds: number;
  warmUpSeconds: number;
  concurrency: number;
  /** Words of experiences the catalogue has. */
  words: string[];
  /** Words of experiences it does not have (a search for one of them finds nothing). */
  notOffered: string[];
  /** The 30 dates from tomorrow on, and a date after every generated slot. */
  dates: string[];
  afterLastSlot: string;
}

/** Milliseconds, overall and apart for the searches that found something and those that found nothing. */
export interface SearchFigures {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  found: number;
  empty: number;
  foundP95: number;
  emptyP95: number;
}

/** What the client prints: the measured run's figures, and how many requests its warm-up made before them. */
export type SearchRun = SearchFigures & { warmUpRequests: number };

async function searchLoad(spec: SearchSpec, seconds: number): Promise<SearchFigures> {
  let n = 0;
  const url = () => {
    n++;
    const word = n % 10 === 5 ? spec.notOffered[Math.floor(n / 10) % spec.notOffered.length] : spec.words[n % spec.words.length];
    const date = n % 10 === 0 ? spec.afterLastSlot : spec.dates[n % 30];
    const state = 1 + ((n * 7) % 47);
    return `/api/v1/stories?q=${encodeURIComponent(word)}&date_from=${date}&state[]=${state}&people=${1 + (n % 3)}`;
  };
  const found: number[] = [];
  const empty: number[] = [];
  let errors = 0;
  const { hostname, port } = new URL(spec.base);
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    const connection = new BenchConnection(hostname, Number(port));
    try {
      while (performance.now() < until) {
        const path = url();
        const started = performance.now();
        const answer = await connection.get(path);
        const ms = performance.now() - started;
        const total = (JSON.parse(answer.text()) as { meta?: { total_count?: number } } | null)?.meta?.total_count ?? 0;
        if (answer.status !== 200) errors++;
        else if (total > 0) found.push(ms);
        else empty.push(ms);
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  const at = (list: number[], p: number) => (list.length === 0 ? 0 : Math.round(quantile(list, p)));
  const all = [...found, ...empty];
  return {
    requests: all.length,
    p50: at(all, 0.5),
    p95: at(all, 0.95),
    p99: at(all, 0.99),
    errors,
    found: found.length,
    empty: empty.length,
    foundP95: at(found, 0.95),
    emptyP95: at(empty, 0.95),
  };
}

// Only when started as the client (the bench imports this file's types alone).
if (import.meta.main) {
  const spec = JSON.parse(process.argv[2] ?? '') as SearchSpec;
  const warmUp = await searchLoad(spec, spec.warmUpSeconds);
  const figures: SearchRun = { ...(await searchLoad(spec, spec.seconds)), warmUpRequests: warmUp.requests };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
