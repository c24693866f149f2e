// The search's load (tests/bench/catalogue.ts measureSearch), in a process of its own started with Node's own type
// stripping (tests/bench/harness.ts inOwnProcess): a warm-up, then the measured run, whose figures it prints as one
// JSON line. Plain TypeScript without the project's aliases, so that no loader runs in it.
import net from 'node:net';
import zlib from 'node:zlib';

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

interface Answer {
  status: number;
  encoding: string | undefined;
  body: Buffer;
}

interface Waiting {
  resolve: (answer: Answer) => void;
  reject: (error: Error) => void;
}

/**
 * A kept-alive HTTP/1.1 connection of the search's load, one GET at a time, answers read by their Content-Length (the
 * server sets it on every JSON answer) or chunked, asked for as a browser asks (brotli or gzip). Written on a bare
 * socket, as autocannon does for the other rows, because the client shares the machine's two cores with the server
 * and PostgreSQL: fetch cost about 1 ms of CPU per answer and node:http about 0.3 ms, time the measured latencies
 * carried.
 */
class SearchConnection {
  private readonly host: string;
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: Waiting | null = null;

  constructor(host: string, port: number) {
    this.host = host;
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.read();
    });
    const fail = (error: Error) => {
      this.waiting?.reject(error);
      this.waiting = null;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('the server closed the connection')));
  }

  get(path: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`GET ${path} HTTP/1.1\r\nHost: ${this.host}\r\nAccept-Encoding: br, gzip\r\n\r\n`);
    });
  }

  close() {
    this.socket.destroy();
  }

  private read() {
    const headEnd = this.buffered.indexOf('\r\n\r\n');
    if (headEnd < 0 || this.waiting === null) return;
    const head = this.buffered.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const whole =
      length !== null
        ? this.sized(headEnd + 4, Number(length[1]))
        : /\r\ntransfer-encoding: *chunked/i.test(head)
          ? this.chunked(headEnd + 4)
          : new Error(`an answer without a length: ${head.split('\r\n')[0]}`);
    if (whole === null) return;
    const { resolve, reject } = this.waiting;
    this.waiting = null;
    if (whole instanceof Error) {
      reject(whole);
      return;
    }
    this.buffered = this.buffered.subarray(whole.end);
    resolve({
      status: Number(head.slice(9, 12)),
      encoding: /\r\ncontent-encoding: *([\w-]+)/i.exec(head)?.[1],
      body: whole.body,
    });
  }

  /** A body of `size` bytes from `start`, or null until all of it has come. */
  private sized(start: number, size: number): { end: number; body: Buffer } | null {
    const end = start + size;
    return this.buffered.length < end ? null : { end, body: this.buffered.subarray(start, end) };
  }

  /** A chunked body from `start` (no trailers), or null until its last chunk has come. */
  private chunked(start: number): { end: number; body: Buffer } | null {
    const parts: Buffer[] = [];
    let at = start;
    for (;;) {
      const lineEnd = this.buffered.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(this.buffered.toString('latin1', at, lineEnd), 16);
      if (size === 0) return this.buffered.length < lineEnd + 4 ? null : { end: lineEnd + 4, body: Buffer.concat(parts) };
      const dataEnd = lineEnd + 2 + size;
      if (this.buffered.length < dataEnd + 2) return null;
      parts.push(this.buffered.subarray(lineEnd + 2, dataEnd));
      at = dataEnd + 2;
    }
  }
}

/** The answer's JSON, decompressed. */
function answerJson(answer: Answer): unknown {
  const { body, encoding } = answer;
  const text = encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
  return JSON.parse(text.toString('utf8'));
}

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
    const connection = new SearchConnection(hostname, Number(port));
    try {
      while (performance.now() < until) {
        const path = url();
        const started = performance.now();
        const answer = await connection.get(path);
        const ms = performance.now() - started;
        const total = (answerJson(answer) as { meta?: { total_count?: number } } | null)?.meta?.total_count ?? 0;
        if (answer.status !== 200) errors++;
        else if (total > 0) found.push(ms);
        else empty.push(ms);
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  const at = (list: number[], p: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
  };
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
  await searchLoad(spec, spec.warmUpSeconds);
  process.stdout.write(`${JSON.stringify(await searchLoad(spec, spec.seconds))}\n`);
}
