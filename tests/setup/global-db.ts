// Starts one embedded PostgreSQL for the whole run, migrates a template database once, and hands its
// address to the workers, which clone it per test file (tests/setup/test-app.ts).
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '#src/lib/embedded-db';
import { initOrm, migrate } from '#src/lib/orm';
import { scratchDir } from '#tests/setup/scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = scratchDir('taiken-test-pg-');
  const template = 'taiken_template';
  const db = await startEmbeddedDatabase({ dir: path.join(dir, 'pg'), database: template, fast: true });
  const orm = await initOrm(db.url, { pool: 2 });
  await migrate(orm);
  await orm.close(true);
  project.provide('pgBaseUrl', db.url.slice(0, db.url.lastIndexOf('/')));
  project.provide('pgTemplate', template);
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
