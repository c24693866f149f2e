// The operator CLI as an operator runs it (`npm run cli -- …`): a child process (tests/setup/built.ts CLI_ARGS)
// against a real database. `tty: true` runs it under util-linux `script`, which gives it a pseudo-terminal (stdin,
// stdout and stderr are then one terminal, so the output arrives merged in `stdout`).
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { CLI_ARGS } from '#tests/setup/built';

const root = path.resolve(import.meta.dirname, '../..');

/** A test that runs the CLI a few times needs more than the default 30 s on the shared 2-core machine. */
export const CLI_TEST_TIMEOUT = 120_000;

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout as bytes (BOM checks). */
  raw: Buffer;
}

export interface CliOptions {
  env?: Record<string, string>;
  /** Written to stdin, then stdin is closed. */
  input?: string;
  tty?: boolean;
  /** Called with the child once it started (to signal it). */
  started?: (child: ChildProcess) => void;
  /** Read stdout as a slow reader does (a pause after each chunk), so the child's writes to the pipe queue up. */
  slowReader?: boolean;
}

const noServerDir = path.join(os.tmpdir(), 'tabitoko-cli-tests-no-server');

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

export function runCli(databaseUrl: string, args: string[], options: CliOptions = {}): Promise<CliRun> {
  // DATA_DIR: a folder no server records itself in, so a server a developer runs in this checkout (.data) never
  // lends its port to the links under test; tests of that pass their own DATA_DIR.
  const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', DATA_DIR: noServerDir, ...options.env };
  const command = [process.execPath, ...CLI_ARGS, ...args];
  const child = options.tty
    ? spawn('script', ['-qefc', command.map(shellQuote).join(' '), '/dev/null'], { cwd: root, env })
    : spawn(command[0], command.slice(1), { cwd: root, env });
  options.started?.(child);
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      out.push(d);
      if (!options.slowReader) return;
      child.stdout?.pause();
      setTimeout(() => child.stdout?.resume(), 20);
    });
    child.stderr?.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const raw = Buffer.concat(out);
      resolve({ code, signal, stdout: raw.toString('utf8'), stderr, raw });
    });
    // Under `script` the answer waits in the terminal's input until the command reads it.
    child.stdin?.end(options.input ?? '');
  });
}
