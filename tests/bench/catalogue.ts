// The generated catalogue and the search measurement of `npm run bench`, used by
// tests/bench/list.ts: with BENCH_CATALOGUE=N (e.g. 10000) the catalogue grows to N published experiences with 50
// slots each (generated in SQL, seconds); the search goal is keyword + date + prefecture + people, 20 concurrent
// requests for BENCH_SECONDS, p95.
import path from 'node:path';
import pg from 'pg';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { cpuSeconds, cpuSpent, inOwnProcess, type ServerAndDatabase } from '#tests/bench/harness';
import type { SearchFigures, SearchRun, SearchSpec } from '#tests/bench/search-client';

const SLOTS_PER_EXPERIENCE = 50;
export const SEARCH_CONCURRENCY = 20;
/** Seconds of the same load before the measured run. */
const WARM_UP_SECONDS = 2;
export const SEARCH_P95_GOAL_MS = 50;

const PLACES = ['京都', '金沢', '那覇', '札幌', '鎌倉', '奈良', '松本', '高山', '尾道', '長崎', '松山', '仙台', '函館', '倉敷', '伊勢'];
const ACTIVITIES = [
  '陶芸',
  '着物',
  'そば打ち',
  '茶道',
  '金継ぎ',
  '藍染め',
  '和菓子づくり',
  '書道',
  '座禅',
  'カヤック',
  '酒蔵見学',
  '竹細工',
  '和紙すき',
  '盆栽',
  '寿司にぎり',
  'ガラス細工',
  '木工',
  '生け花',
  'サイクリング',
  '星空観察',
];
const PHRASES = [
  '地元の職人が基本から丁寧に教えます。',
  '初めての方でも安心して参加できます。',
  '道具はすべてこちらで用意します。',
  '季節の素材を使った特別な内容です。',
  'ご家族やご友人との思い出づくりにどうぞ。',
  'できあがった作品はお持ち帰りいただけます。',
  '少人数でゆったり楽しめます。',
  '雨の日でも開催します。',
];

/**
 * Grows the catalogue to `target` published experiences (copies of the shape of the demo: a title from a place
 * and an activity, a description, a prefecture, a price, one theme, one image) with SLOTS_PER_EXPERIENCE slots each
 * from tomorrow on, every other day (odd ids from tomorrow, even ids from the day after, so every date has slots),
 * some of them partly booked or full. Returns how many experiences it added.
 */
export async function growCatalogue(databaseUrl: string, target: number): Promise<{ added: number; slots: number; ms: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = Number((await client.query('SELECT count(*) AS n FROM experiences WHERE approve')).rows[0].n);
    const add = Math.max(0, target - existing);
    if (add === 0) return { added: 0, slots: 0, ms: 0 };
    const host = (await client.query(`SELECT id, name FROM users WHERE role = 'HOST' ORDER BY id LIMIT 1`)).rows[0];
    const image = (await client.query('SELECT url FROM images WHERE experience_id IS NOT NULL ORDER BY id LIMIT 1')).rows[0];
    const categories = (await client.query('SELECT id FROM categories ORDER BY id')).rows.map((r) => r.id);
    const themes = (await client.query('SELECT id FROM themes ORDER BY id')).rows.map((r) => r.id);
    await client.query('BEGIN');
    const inserted = await client.query(
      `INSERT INTO experiences (host_user_id, hosted_by, created_by_id, title, category_id, online, address, prefecture_id,
         price, price_side_note, description, inspiration, note, recruitment_number, cancellation_period,
         reservation_deadline, approve, approved_at, created_at, updated_at)
       SELECT $1, $2, $1,
         ($3::text[])[1 + g % cardinality($3::text[])] || 'で' || ($4::text[])[1 + (g / 7) % cardinality($4::text[])] || '体験 ' || g,
         ($5::int[])[1 + g % cardinality($5::int[])],
         g % 10 = 0,
         CASE WHEN g % 10 = 0 THEN NULL ELSE '市内の工房（番地は予約後にお知らせします）' END,
         CASE WHEN g % 10 = 0 THEN NULL ELSE 1 + (g * 7) % 47 END,
         1000 + (g % 40) * 250,
         '材料費込み',
         ($6::text[])[1 + g % cardinality($6::text[])] || ($6::text[])[1 + (g / 3) % cardinality($6::text[])]
           || ($4::text[])[1 + (g / 11) % cardinality($4::text[])] || 'の魅力をお伝えします。',
         'この土地の文化を手で感じてほしくて始めました。',
         '動きやすい服装でお越しください。',
         10, 7,
         CASE WHEN g % 2 = 0 THEN 'on_the_day' ELSE 'the_day_before' END,
         true, now(), now() - make_interval(mins => g), now()
       FROM generate_series(1, $7::int) g
       RETURNING id`,
      [host.id, host.name, PLACES, ACTIVITIES, categories, PHRASES, add],
    );
    const ids = inserted.rows.map((r) => r.id as number);
    await client.query(
      `INSERT INTO experience_themes (experience_id, theme_id)
       SELECT id, ($2::int[])[1 + id % cardinality($2::int[])] FROM unnest($1::int[]) id`,
      [ids, themes],
    );
    await client.query(
      `INSERT INTO images (experience_id, object_key, url, sort_order) SELECT id, 'bench/' || id, $2, 0 FROM unnest($1::int[]) id`,
      [ids, image?.url ?? '/images/demo/pottery-1.jpg'],
    );
    const today = todayInJapan();
    await client.query(
      `INSERT INTO calendars (experience_id, date, start_time, end_time, recruitment_number, participant_number, accepting_reservation)
       SELECT id, $2::date + 1 + s * 2 + id % 2, '10:00', '12:00', 10, (id + s) % 11, (id + s) % 13 <> 0
       FROM unnest($1::int[]) id, generate_series(0, $3::int - 1) s`,
      [ids, addDays(today, 0), SLOTS_PER_EXPERIENCE],
    );
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE experiences');
    await client.query('VACUUM ANALYZE calendars');
    await client.query('ANALYZE experience_themes');
    await client.query('ANALYZE images');
    return { added: add, slots: add * SLOTS_PER_EXPERIENCE, ms: Math.round(performance.now() - started) };
  } finally {
    await client.end();
  }
}

/** Words of experiences the generated catalogue does not have (a search for one of them finds nothing). */
const NOT_OFFERED = ['スキューバダイビング', 'パラグライダー', '流鏑馬'];

/** The first date after every generated slot (SLOTS_PER_EXPERIENCE slots, every other day from tomorrow). */
const AFTER_LAST_SLOT_DAYS = 2 * SLOTS_PER_EXPERIENCE + 30;

/**
 * p50/p95/p99 of the combined search, SEARCH_CONCURRENCY requests at a time for `seconds` after a warm-up of
 * WARM_UP_SECONDS (as every autocannon row has: the first runs of each statement on each pooled connection are
 * parsed and planned), overall and apart for the searches that find something and those that find nothing. One
 * search in five finds nothing, and its answer carries the relaxed searches' counts: half of them ask for a date
 * after every slot (a search past the hosts' calendars), the other half for a word no experience has (NOT_OFFERED)
 * on a date with slots, whose search without the keyword must still be planned and counted (the slowest answer the
 * search gives). The client runs in a process of its own (tests/bench/search-client.ts), as the autocannon rows' does.
 * With `cpu` (the server's process id and PostgreSQL's postmaster's), the figures also carry the CPU time a search
 * cost each of them (`cpuUs`), over the warm-up and the run together, as the page rows carry theirs.
 */
export async function measureSearch(
  base: string,
  seconds: number,
  cpu?: ServerAndDatabase,
): Promise<SearchFigures & { cpuUs?: ServerAndDatabase }> {
  const today = todayInJapan();
  const spec: SearchSpec = {
    base,
    seconds,
    warmUpSeconds: WARM_UP_SECONDS,
    concurrency: SEARCH_CONCURRENCY,
    words: ACTIVITIES,
    notOffered: NOT_OFFERED,
    dates: Array.from({ length: 30 }, (_, i) => addDays(today, 1 + i)),
    afterLastSlot: addDays(today, AFTER_LAST_SLOT_DAYS),
  };
  const before = cpu && { server: cpuSeconds(cpu.server), database: cpuSeconds(cpu.database) };
  const { warmUpRequests, ...figures } = await inOwnProcess<SearchRun>(path.join(import.meta.dirname, 'search-client.ts'), spec);
  const requests = figures.requests + warmUpRequests;
  if (!cpu || !before || requests === 0) return figures;
  const perSearch = (spent: number) => Math.round((spent / requests) * 1e6);
  return {
    ...figures,
    cpuUs: {
      server: perSearch(cpuSpent(before.server, cpuSeconds(cpu.server))),
      database: perSearch(cpuSpent(before.database, cpuSeconds(cpu.database))),
    },
  };
}
