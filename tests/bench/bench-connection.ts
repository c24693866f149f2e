// One kept-alive HTTP/1.1 connection of a bench client (tests/bench/search-client.ts, lists-client.ts): one GET at a
// time, answers read by their Content-Length (the server sets it on every JSON answer) or chunked, asked for as a
// browser asks (brotli or gzip). Written on a bare socket, as autocannon does for the page rows, because the client
// shares the machine's two cores with the server and PostgreSQL: fetch cost about 1 ms of CPU per answer and node:http
// about 0.3 ms, time the measured latencies carried. Plain TypeScript without the project's aliases, so that the
// clients run under Node's own type stripping.
import net from 'node:net';
import zlib from 'node:zlib';

export interface BenchAnswer {
  status: number;
  /** The body decompressed, as text (decoded only when asked: the latencies never include it). */
  text(): string;
}

interface Waiting {
  resolve: (answer: BenchAnswer) => void;
  reject: (error: Error) => void;
}

export class BenchConnection {
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

  /** GET `path` with these extra headers (a session's cookie). */
  get(path: string, headers: Record<string, string> = {}): Promise<BenchAnswer> {
    const extra = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`GET ${path} HTTP/1.1\r\nHost: ${this.host}\r\nAccept-Encoding: br, gzip\r\n${extra}\r\n`);
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
    const encoding = /\r\ncontent-encoding: *([\w-]+)/i.exec(head)?.[1];
    const body = whole.body;
    resolve({
      status: Number(head.slice(9, 12)),
      text: () =>
        (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8'),
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
