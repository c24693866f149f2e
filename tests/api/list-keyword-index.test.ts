// The lists' keyword text in the database (Migration20261201100000_list_keyword_norm, and the admin's user search's,
// Migration20261202110000_user_keyword_norm): tabitoko_list_norm is the catalogue's normalisation without whitespace
// but the line feed, normalizeListKeyword its twin for the keyword; each list's table stores its text (`keyword_text`,
// generated from its columns as its entity declares it, following every write of the ORM); each list's trigram index
// is its entity's declaration (`listKeywordIndex`) and answers a keyword of three characters or more; the migrations'
// down and up restore the lower-cased indexes (the users' text and index are dropped) and rebuild the columns, the
// indexes and the communities' bigram rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityName } from '@mikro-orm/core';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createTestDatabase } from '#tests/setup/test-database';
import { loggedStatements } from '#tests/setup/logged-queries';
import { createUser } from '#tests/factories/users';
import { createAmbassador, createBrand, createCommunity } from '#tests/factories/communities';
import { createCoupon } from '#tests/factories/coupons';
import { createExperience } from '#tests/factories/experiences';
import { createInquiry } from '#tests/factories/inquiries';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { normalizeListKeyword } from '#src/lib/isomorphic/search-text';
import { numberPlaceholders } from '#src/lib/read-sql';
import { BrandAndAmbassadorInquiry, ContactInquiry } from '#src/modules/inquiries/inquiries.entity';
import { Community, CommunityApplication } from '#src/modules/communities/communities.entity';
import { Brand } from '#src/modules/brands/brands.entity';
import { Ambassador } from '#src/modules/ambassadors/ambassadors.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Coupon } from '#src/modules/coupons/coupons.entity';
import { User } from '#src/modules/users/users.entity';
import { setupCallers, type Callers } from './admin-helpers';
import { createApplication, setupPortalBrand } from './brand-portal-helpers';

let t: TestApp;
let c: Callers;
beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
});

const sql = async <T>(text: string, params: unknown[] = []) => (await t.pool.query(text, params)).rows as T[];

describe('tabitoko_list_norm', () => {
  const texts = [
    '佐藤 ゆうき',
    '佐藤　ユウキ',
    'ＡＢＣ ｶﾞｷﾞ商事',
    'お問い合わせ\r\nメール\tです',
    'アンケート：予約の確認です。ホームページ',
    '㋐㌀ヿ 🈁',
    'a\u00a0b\u2003c\u2028d\ufeffe\u1680f\u000bg\u000ch',
    'Tea Ceremony 100%_',
  ];

  it('is the catalogue’s normalisation without its whitespace but the line feed', async () => {
    const removed = [0x09, 0x0b, 0x0c, 0x0d, 0x20, 0x1680, 0x2028, 0x2029, 0xfeff].map((code) => String.fromCodePoint(code)).join('');
    const rows = await sql<{ list: string; search: string }>(
      `SELECT tabitoko_list_norm(v) AS list, translate(tabitoko_search_norm(v), $2, '') AS search FROM unnest($1::text[]) v`,
      [texts, removed],
    );
    expect(rows.map((row) => row.list)).toEqual(rows.map((row) => row.search));
    expect(rows.map((row) => row.list).slice(0, 5)).toEqual([
      '佐藤ゆうき',
      '佐藤ゆうき',
      'abcがぎ商事',
      'お問い合わせ\nめーるです',
      'あんけーと:予約の確認です。ほーむぺーじ',
    ]);
  });

  it('agrees with normalizeListKeyword, which also removes the line feed', async () => {
    const rows = await sql<{ list: string }>(`SELECT replace(tabitoko_list_norm(v), E'\\n', '') AS list FROM unnest($1::text[]) v`, [
      texts,
    ]);
    expect(rows.map((row) => row.list)).toEqual(texts.map(normalizeListKeyword));
  });
});

/**
 * Each list's keyword text, as the lists are specified (docs/decisions/admin-lists.md): its entity, the properties
 * whose columns make it up (in order), and a row of it made by the factories.
 */
const LISTS: { entity: EntityName; properties: string[]; create: () => Promise<number> }[] = [
  {
    entity: BrandAndAmbassadorInquiry,
    properties: ['name', 'email', 'companyName', 'content'],
    create: async () => (await createInquiry(t.orm, { name: '佐藤　ユウキ', companyName: 'ＡＢＣ商事' })).id,
  },
  {
    entity: ContactInquiry,
    properties: ['name', 'email', 'content'],
    create: async () => {
      const em = t.orm.em.fork();
      const row = em.create(ContactInquiry, { name: '予約 タロウ', email: 'Taro@Example.com', content: 'ヨヤクの\r\n確認です' });
      await em.flush();
      return row.id;
    },
  },
  {
    entity: Community,
    properties: ['name', 'hostName'],
    create: async () => (await createCommunity(t.orm, { name: 'さくら 染め' })).community.id,
  },
  { entity: Brand, properties: ['name'], create: async () => (await createBrand(t.orm, { name: '青葉　ミソ' })).id },
  { entity: Ambassador, properties: ['name'], create: async () => (await createAmbassador(t.orm, { name: 'ＫＯＭＯＲＥＢＩ 料理' })).id },
  {
    entity: Experience,
    properties: ['title', 'hostedBy'],
    create: async () => (await createExperience(t.orm, { title: 'ＹＯＧＡ と 瞑想', approve: false })).id,
  },
  {
    entity: Coupon,
    properties: ['code', 'name'],
    create: async () => (await createCoupon(t.orm, { code: 'SUMMER_10', name: '夏の セール' })).id,
  },
  {
    entity: CommunityApplication,
    properties: ['fullName'],
    create: async () => {
      const { communityId } = await setupPortalBrand(t, 'K');
      return (await createApplication(t, communityId, null, '田中　ケンタ')).id;
    },
  },
  {
    entity: User,
    properties: ['name', 'email'],
    create: async () => (await createUser(t.orm, { name: '佐藤　ユウキ', email: 'Yuki.Sato@Example.com' })).id,
  },
];

describe('the lists’ keyword text', () => {
  const tableOf = (entity: EntityName) => t.orm.getMetadata().get(entity).tableName;
  const expression = async (client: { query: typeof t.pool.query }, table: string, column: string) =>
    (
      await client.query<{ expression: string }>(
        `SELECT pg_get_expr(d.adbin, d.adrelid) AS expression FROM pg_attrdef d
         JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
         WHERE d.adrelid = $1::regclass AND a.attname = $2`,
        [table, column],
      )
    ).rows[0]?.expression;

  it('is a generated column of every list’s table, its entity’s declaration', async () => {
    const declared = [...t.orm.getMetadata().getAll().values()].flatMap((meta) => {
      const generated = meta.properties.keywordText?.generated;
      return typeof generated === 'string' ? [{ table: meta.tableName, generated }] : [];
    });
    expect(declared.map((column) => column.table).sort()).toEqual(LISTS.map((list) => tableOf(list.entity)).sort());
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      for (const { table, generated } of declared) {
        await client.query(`ALTER TABLE "${table}" ADD COLUMN keyword_text_declared text GENERATED ALWAYS AS ${generated}`);
        const migrated = await expression(client, table, 'keyword_text');
        expect(await expression(client, table, 'keyword_text_declared'), table).toBe(migrated);
        expect(migrated, table).toMatch(/^tabitoko_list_norm\(/);
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  /** A column's part of the text: normalised as a keyword is, but for its line feeds (which the text keeps). */
  const columnText = (value: string) => value.split('\n').map(normalizeListKeyword).join('\n');

  it('is the normalisation of the list’s columns joined by a line feed, after an insert and after an update of each', async () => {
    for (const { entity, properties, create } of LISTS) {
      const table = tableOf(entity);
      const id = await create();
      const check = async (when: string) => {
        const row = (await t.orm.em.fork().findOneOrFail(entity, { id })) as Record<string, unknown>;
        const [stored] = await sql<{ keyword_text: string }>(`SELECT keyword_text FROM "${table}" WHERE id = $1`, [id]);
        expect(stored.keyword_text, `${table} ${when}`).toBe(properties.map((property) => columnText(String(row[property]))).join('\n'));
      };
      await check('inserted');
      for (const property of properties) {
        const em = t.orm.em.fork();
        const row = (await em.findOneOrFail(entity, { id })) as Record<string, unknown>;
        // Upper case (a coupon's code must be), full-width, a full-width space and katakana.
        row[property] = `ＮＥＷ　${property.toUpperCase()} カナ`;
        await em.flush();
        await check(`after ${property}`);
      }
    }
  });
});

describe('the lists’ trigram indexes', () => {
  it('are their entities’ declarations', async () => {
    const declared = [...t.orm.getMetadata().getAll().values()].flatMap((meta) =>
      (meta.indexes ?? []).flatMap((index) =>
        index.name?.endsWith('_keyword_index') && typeof index.expression === 'string'
          ? [{ name: index.name, expression: index.expression }]
          : [],
      ),
    );
    expect(declared.map((index) => index.name).sort()).toEqual([
      'ambassadors_keyword_index',
      'brand_and_ambassador_inquiries_keyword_index',
      'brands_keyword_index',
      'communities_keyword_index',
      'community_applications_keyword_index',
      'contact_inquiries_keyword_index',
      'coupons_keyword_index',
      'experiences_pending_keyword_index',
      'users_keyword_index',
    ]);
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      for (const { name, expression } of declared) {
        await client.query(expression.replace(`"${name}"`, `"${name}_declared"`));
        const { rows } = await client.query<{ migrated: string; declared: string }>(
          `SELECT pg_get_indexdef($1::regclass) AS migrated, pg_get_indexdef($2::regclass) AS declared`,
          [name, `${name}_declared`],
        );
        expect(rows[0].declared.replace(`${name}_declared`, name), name).toBe(rows[0].migrated);
        expect(rows[0].migrated, name).toContain('(keyword_text gin_trgm_ops)');
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('answer a keyword of three characters or more on every list that has one', { timeout: 60_000 }, async () => {
    const host = await createUser(t.orm, { role: 'HOST', name: 'ホスト 太郎' });
    for (const statement of [
      `INSERT INTO coupons (code, name, discount_type, discount_value) SELECT 'BULK' || i, 'まとめ ' || i, 'amount', 100 FROM generate_series(1, 2000) i`,
      `INSERT INTO communities (name, host_name, published, host_description, description, activity_description, important_thing,
         ideal_candidate_profile, participation_condition, location, catchphrase)
       SELECT 'まとめ ' || i, '主催', true, '', '', '', '', '', '', '', '' FROM generate_series(1, 2000) i`,
      `INSERT INTO contact_inquiries (name, email, content) SELECT 'まとめ ' || i, 'c' || i || '@example.com', '内容' FROM generate_series(1, 2000) i`,
      `INSERT INTO brand_and_ambassador_inquiries (name, email, company_name, content, subject)
       SELECT 'まとめ ' || i, 'b' || i || '@example.com', '会社', '内容', 'other' FROM generate_series(1, 2000) i`,
      `INSERT INTO brands (name, description, published) SELECT 'まとめ ' || i, '', true FROM generate_series(1, 2000) i`,
      `INSERT INTO ambassadors (name, description, published) SELECT 'まとめ ' || i, '', true FROM generate_series(1, 2000) i`,
      `INSERT INTO experiences (host_user_id, hosted_by, created_by_id, title, category_id, price, price_side_note, description,
         inspiration, note, recruitment_number, cancellation_period, approve)
       SELECT ${host.id}, 'ホスト 太郎', ${host.id}, 'まとめ ' || i, 1, 5000, '', '', '', '', 10, 7, false FROM generate_series(1, 2000) i`,
    ]) {
      await sql(statement);
    }
    // As autovacuum leaves a settled table: statistics, and the trigram indexes' own counts (read by the planner).
    await sql('VACUUM ANALYZE');
    const lists: [path: string, index: string][] = [
      ['/api/v1/admin/coupons', 'coupons_keyword_index'],
      ['/api/v1/admin/communities', 'communities_keyword_index'],
      ['/api/v1/contact_inquiries', 'contact_inquiries_keyword_index'],
      ['/api/v1/brand_and_ambassador_inquiries', 'brand_and_ambassador_inquiries_keyword_index'],
      ['/api/v1/brands', 'brands_keyword_index'],
      ['/api/v1/ambassadors', 'ambassadors_keyword_index'],
      ['/api/v1/admin/experiences', 'experiences_pending_keyword_index'],
    ];
    for (const [path, index] of lists) {
      const statements = await loggedStatements(t.orm, async () => {
        const res = await c.agents.admin.get(`${path}?q=${encodeURIComponent('まとめ　1999')}`);
        expect(res.body.meta.total_count, path).toBe(1);
      });
      const page = statements.find((statement) => statement.query.includes(' LIKE '));
      if (!page) throw new Error(`${path}: no keyword statement`);
      const plan = (await sql<{ 'QUERY PLAN': string }>(`EXPLAIN ${page.query}`, page.params)).map((row) => row['QUERY PLAN']);
      expect(
        plan.some((line) => line.includes(`Bitmap Index Scan on ${index}`)),
        `${path}\n${plan.join('\n')}`,
      ).toBe(true);
    }
  });

  it('answer the admin’s user search of three characters or more', { timeout: 60_000 }, async () => {
    await sql(
      `INSERT INTO users (name, email, password_hash) SELECT 'まとめ ' || i, 'bulk' || i || '@example.com', 'x' FROM generate_series(1, 2000) i`,
    );
    await sql('VACUUM ANALYZE users');
    const statements = await loggedStatements(t.orm, async () => {
      const res = await c.agents.admin.get(`/api/v1/users?q=${encodeURIComponent('マトメ　1999')}`);
      expect((res.body.users as { name: string }[]).map((user) => user.name)).toEqual(['まとめ 1999']);
    });
    const search = statements.find((statement) => / like /i.test(statement.query));
    if (!search) throw new Error('/api/v1/users: no keyword statement');
    // The ORM's statement has `?` placeholders.
    const plan = (await sql<{ 'QUERY PLAN': string }>(`EXPLAIN ${numberPlaceholders(search.query)}`, search.params)).map(
      (row) => row['QUERY PLAN'],
    );
    expect(
      plan.some((line) => line.includes('Bitmap Index Scan on users_keyword_index')),
      plan.join('\n'),
    ).toBe(true);
  });
});

describe('Migration20261201100000_list_keyword_norm', () => {
  let orm: MikroORM;
  beforeAll(async () => {
    orm = await initOrm(await createTestDatabase(), { pool: 2 });
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  const NAME = 'Migration20261201100000_list_keyword_norm';
  /** The users' keyword text, built on tabitoko_list_norm: down first and up after it. */
  const USERS = 'Migration20261202110000_user_keyword_norm';
  const run = (text: string) => orm.em.fork().getConnection().execute(text);
  const bigrams = async () =>
    ((await run('SELECT bigram FROM community_keyword_bigrams')) as { bigram: string }[]).map((row) => row.bigram).sort();
  const indexOf = async () =>
    ((await run(`SELECT pg_get_indexdef('communities_keyword_index'::regclass) AS def`)) as { def: string }[])[0].def;
  /** Every list's trigram index and the portal's two application indexes by community, by name. */
  const indexes = async () =>
    Object.fromEntries(
      (
        (await run(
          `SELECT indexname, indexdef FROM pg_indexes
           WHERE indexname LIKE '%\\_keyword\\_index' OR indexname IN ('community_applications_community_id_created_at_index', 'community_applications_resolved_index')`,
        )) as { indexname: string; indexdef: string }[]
      ).map((row) => [row.indexname, row.indexdef]),
    );
  const keywordColumns = async () =>
    (
      (await run(`SELECT table_name FROM information_schema.columns WHERE column_name = 'keyword_text' ORDER BY 1`)) as {
        table_name: string;
      }[]
    ).map((row) => row.table_name);

  it('goes down to the lower-cased text and up again, the bigram rows refilled each way', async () => {
    await run(
      `INSERT INTO communities (name, host_name, host_description, description, activity_description, important_thing,
         ideal_candidate_profile, participation_condition, location, catchphrase)
       VALUES ('さと ゆき', '主催 ＡＢ', '', '', '', '', '', '', '', '')`,
    );
    expect(await bigrams()).toEqual(['ab', 'さと', 'とゆ', 'ゆき', '主催', '催a'].sort());
    const tables = await keywordColumns();
    expect(tables).toHaveLength(9);

    await orm.migrator.down({ migrations: [NAME, USERS] });
    expect(await bigrams()).toEqual(['さと', 'ゆき', '主催', 'ａｂ'].sort());
    expect(await indexOf()).toContain(`USING gin (lower(((name || ' '::text) || host_name)) gin_trgm_ops)`);
    expect(await run(`SELECT to_regprocedure('tabitoko_list_norm(text)') AS f`)).toEqual([{ f: null }]);
    expect(await keywordColumns()).toEqual([]);
    const before = await indexes();
    expect(Object.keys(before)).toHaveLength(10);
    for (const [name, definition] of Object.entries(before)) {
      expect(definition, name).toMatch(
        name.endsWith('_keyword_index') ? /USING gin \(lower\(.*\) gin_trgm_ops\)/ : /INCLUDE \(full_name\)$/,
      );
    }
    expect(before.experiences_pending_keyword_index).toMatch(/WHERE \(NOT approve\)$/);
    // The bigram trigger follows a community written while down.
    await run(`UPDATE communities SET name = 'ｃｄ' WHERE name = 'さと ゆき'`);
    expect(await bigrams()).toEqual(['ｃｄ', '主催', 'ａｂ'].sort());

    await orm.migrator.up({ migrations: [NAME, USERS] });
    expect(await bigrams()).toEqual(['ab', 'cd', '主催', '催a'].sort());
    expect(await indexOf()).toContain('USING gin (keyword_text gin_trgm_ops)');
    expect(await keywordColumns()).toEqual(tables);
    for (const [name, definition] of Object.entries(await indexes())) {
      expect(definition, name).toMatch(
        name.endsWith('_keyword_index') ? /USING gin \(keyword_text gin_trgm_ops\)/ : /INCLUDE \(keyword_text\)$/,
      );
    }
    expect(await orm.migrator.getPending()).toEqual([]);
  });
});

describe('Migration20261202110000_user_keyword_norm', () => {
  let orm: MikroORM;
  beforeAll(async () => {
    orm = await initOrm(await createTestDatabase(), { pool: 2 });
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  const NAME = 'Migration20261202110000_user_keyword_norm';
  const run = (text: string) => orm.em.fork().getConnection().execute(text);
  const definition = async () =>
    ((await run(`SELECT indexdef FROM pg_indexes WHERE indexname = 'users_keyword_index'`)) as { indexdef: string }[]).map(
      (row) => row.indexdef,
    );
  const stored = async () =>
    ((await run(`SELECT keyword_text FROM users WHERE email = 'sato.yuki@example.com'`)) as { keyword_text: string }[]).map(
      (row) => row.keyword_text,
    );

  it('goes down to the users without the text and its index, and up again with the text of the rows already there', async () => {
    await run(`INSERT INTO users (name, email, password_hash) VALUES ('佐藤　ユウキ', 'sato.yuki@example.com', 'x')`);
    expect(await stored()).toEqual(['佐藤ゆうき\nsato.yuki@example.com']);
    expect(await definition()).toEqual([
      'CREATE INDEX users_keyword_index ON public.users USING gin (keyword_text gin_trgm_ops) WHERE (left_at IS NULL)',
    ]);

    await orm.migrator.down({ migrations: [NAME] });
    expect(
      await run(`SELECT column_name FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'keyword_text'`),
    ).toEqual([]);
    expect(await definition()).toEqual([]);
    // The lists' normalisation stays: the lists' texts are built on it.
    expect(await run(`SELECT tabitoko_list_norm('ユウキ') AS f`)).toEqual([{ f: 'ゆうき' }]);
    // A user written while down gets its text when the column comes back.
    await run(`UPDATE users SET name = 'サトウ ＹＵＫＩ' WHERE email = 'sato.yuki@example.com'`);

    await orm.migrator.up({ migrations: [NAME] });
    expect(await stored()).toEqual(['さとうyuki\nsato.yuki@example.com']);
    expect(await definition()).toEqual([
      'CREATE INDEX users_keyword_index ON public.users USING gin (keyword_text gin_trgm_ops) WHERE (left_at IS NULL)',
    ]);
    expect(await orm.migrator.getPending()).toEqual([]);
  });
});
