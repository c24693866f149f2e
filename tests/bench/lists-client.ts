// The admin lists benchmark's clients (tests/bench/admin-lists.ts), in a process of their own started with Node's own
// type stripping and an IPC channel (the reason: tests/bench/harness.ts inOwnProcess). Its first argument names the
// list (JSON: the URL, the session cookie, how many clients at once); for every { requests } message it reads the
// list that many times in all, over kept-alive connections, and answers with each request's milliseconds and the last
// answer's `meta`. The parent reads the processes' CPU between two messages, so the warm-up and the measured run are
// two messages to the same clients.
import { type BenchAnswer, BenchConnection } from './bench-connection.ts';

/** What the bench asks for. */
export interface ListsSpec {
  url: string;
  cookie: string;
  concurrency: number;
}

export interface ListsRun {
  times: number[];
  meta: { total_count: number; total_count_capped?: boolean } | undefined;
}

if (import.meta.main) {
  const spec = JSON.parse(process.argv[2] ?? '') as ListsSpec;
  const { hostname, port, pathname, search } = new URL(spec.url);
  const path = `${pathname}${search}`;
  const connections = Array.from({ length: spec.concurrency }, () => new BenchConnection(hostname, Number(port)));
  process.on('message', async (message: { requests: number } | 'close') => {
    if (message === 'close') {
      for (const c of connections) c.close();
      process.disconnect();
      return;
    }
    let left = message.requests;
    const times: number[] = [];
    let last: BenchAnswer | undefined;
    await Promise.all(
      connections.map(async (connection) => {
        while (left-- > 0) {
          const started = performance.now();
          const answer = await connection.get(path, { cookie: spec.cookie });
          times.push(performance.now() - started);
          if (answer.status !== 200) throw new Error(`${spec.url}: ${answer.status} ${answer.text()}`);
          last = answer;
        }
      }),
    );
    const meta = last ? (JSON.parse(last.text()) as { meta?: ListsRun['meta'] }).meta : undefined;
    process.send?.({ times, meta } satisfies ListsRun);
  });
}
