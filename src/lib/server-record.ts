// The running server's address, recorded in DATA_DIR/server.json while it listens (only when APP_URL is unset):
// the CLI's absolute links (invitation URLs, the mails it queues) then name the port the server really uses,
// not the default 3000 (`PORT=3104 npm start` in one terminal, `npm run cli -- invite-brand-member …` in another).
// Server-only.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAlive } from './embedded-db';
import type { Env } from './env';

export interface ServerRecord {
  pid: number;
  port: number;
}

const FILE = 'server.json';

function parseRecord(text: string): ServerRecord | null {
  try {
    const value = JSON.parse(text) as Partial<ServerRecord>;
    const { pid, port } = value;
    if (Number.isInteger(pid) && Number.isInteger(port) && (pid as number) > 0 && (port as number) > 0) {
      return { pid: pid as number, port: port as number };
    }
  } catch {
    // A file cut short or edited by hand: no record.
  }
  return null;
}

/**
 * Writes this process's record (atomically: a temporary file renamed) and returns the function that removes it
 * again, unless another server has replaced it meanwhile. Also removed at exit.
 */
export function recordRunningServer(dataDir: string, port: number): () => void {
  const file = path.join(dataDir, FILE);
  mkdirSync(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ pid: process.pid, port } satisfies ServerRecord)}\n`);
  renameSync(temporary, file);
  const remove = () => {
    process.removeListener('exit', remove);
    try {
      if (parseRecord(readFileSync(file, 'utf8'))?.pid === process.pid) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on('exit', remove);
  return remove;
}

/** The record of a server that is still running on this data folder, or null (none, unreadable, or its process died). */
export function runningServer(dataDir: string): ServerRecord | null {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, FILE), 'utf8');
  } catch {
    return null;
  }
  const record = parseRecord(text);
  return record && record.pid !== process.pid && isAlive(record.pid) ? record : null;
}

/**
 * The environment a process that does not listen itself (the CLI) builds its links from: unchanged with APP_URL,
 * else PORT is the port of the server running on DATA_DIR, if one is. publicBaseUrl stays the one rule.
 */
export function withRunningServerPort<E extends Pick<Env, 'APP_URL' | 'PORT' | 'DATA_DIR'>>(env: E): E {
  if (env.APP_URL) return env;
  const server = runningServer(env.DATA_DIR);
  return server ? { ...env, PORT: server.port } : env;
}
