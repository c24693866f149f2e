// The entities and the migrations agree: on a freshly migrated database, MikroORM's schema generator (what
// `npm run cli -- db:make-migration` would write) finds nothing to change. An entity edited without a migration,
// or a migration that drifts from the entities, fails here with the statements it would need.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { initOrm, type MikroORM } from '#src/lib/orm';

let orm: MikroORM;
beforeAll(async () => {
  // A clone of the template the global setup migrated with the migrations in migrations/.
  orm = await initOrm(await createTestDatabase(), { pool: 2 });
});
afterAll(async () => {
  await orm?.close(true);
});

describe('entities and migrations', () => {
  it('leave no pending schema change', async () => {
    const sql = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(sql.trim()).toBe('');
  });

  it('have applied every migration', async () => {
    expect(await orm.migrator.getPending()).toEqual([]);
  });
});
