// `export-inquiries` as an operator runs it: a child process against real PostgreSQL; the CSV read back with a
// real CSV parser (csv-parse).
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/setup/test-database';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { createInquiry, insertManyInquiries } from '#tests/factories/inquiries';
import { runCli } from '#tests/factories/cli';

let databaseUrl: string;
let orm: MikroORM;
const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-export-'));

/**
 * The source files behind the module URLs a command loaded: a chunk of the build (dist/node) stands for the files it
 * was made from, the packages it bundles among them (the build's metafile, dist/node/meta.json); a source file or a
 * package left to node_modules stands for itself.
 */
function loadedSources(urls: string[]): string[] {
  const root = path.resolve(import.meta.dirname, '../..');
  const metafile = path.join(root, 'dist/node/meta.json');
  const meta: { outputs: { [output: string]: { inputs: object } } } = existsSync(metafile)
    ? JSON.parse(readFileSync(metafile, 'utf8'))
    : { outputs: {} };
  return urls.flatMap((url) => {
    const file = url.startsWith('file://') ? path.relative(root, new URL(url).pathname) : url;
    const output = meta.outputs[file];
    return output && file.startsWith('dist/node/') ? Object.keys(output.inputs) : [file];
  });
}

const HEADER = [
  'ID',
  '受付日時',
  '対応状況',
  'お名前',
  '会社名・団体名',
  '部署名',
  '役職',
  'メールアドレス',
  'お問い合わせ種別',
  'お問い合わせ内容',
];

// Names that break naive CSV writers or spreadsheets, and what the CSV must carry for each.
const tricky = [
  { name: '山田, 太郎', expected: '山田, 太郎' },
  { name: '"ダブル" クォート', expected: '"ダブル" クォート' },
  { name: '改行\nのある名前', expected: '改行\nのある名前' },
  { name: '絵文字😀さん', expected: '絵文字😀さん' },
  { name: '=HYPERLINK("http://evil.example")', expected: `'=HYPERLINK("http://evil.example")` },
  { name: '+81 90', expected: `'+81 90` },
  { name: '-1+2', expected: `'-1+2` },
  { name: '@SUM(A1)', expected: `'@SUM(A1)` },
  { name: '\tタブ', expected: `'\tタブ` },
  { name: '\r復帰', expected: `'\r復帰` },
];

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  orm = await initOrm(databaseUrl, { pool: 2 });
  await orm.em.getConnection().execute('DELETE FROM brand_and_ambassador_inquiries');
  // 2026-04-01 00:30 in Japan is still March 31 in UTC: the date filters and the CSV dates are Japan time.
  let minute = 0;
  for (const t of tricky) {
    await createInquiry(orm, { name: t.name, createdAt: new Date(Date.UTC(2026, 2, 31, 15, 30 + minute++)), subject: 'branding' });
  }
  await createInquiry(orm, {
    name: '前日の人',
    createdAt: new Date('2026-03-31T23:59:00+09:00'),
    subject: 'media',
    resolved: true,
    departmentName: null,
    positionName: null,
    content: '=1+1 の内容\n2行目',
  });
  await createInquiry(orm, { name: '翌月の人', createdAt: new Date('2026-05-01T00:00:00+09:00'), subject: 'other' });
  return () => orm.close(true);
});

afterAll(() => {
  /* the temp folder is checked by the tests; the OS cleans tmp */
});

type Record = { [column: string]: string };

const parseCsv = (text: string, bom = false): Record[] => parse(text, { columns: true, bom, relax_column_count: false });

describe('cli export-inquiries', { timeout: 240_000 }, () => {
  it('writes RFC 4180 CSV to stdout: Japanese header, Japan time, labels, every tricky value intact or neutralized', async () => {
    const run = await runCli(databaseUrl, ['export-inquiries']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.raw[0]).not.toBe(0xef); // no BOM without --excel
    expect(run.stdout.split('\n')[0]).toBe(HEADER.join(','));
    expect(run.stdout).not.toContain('\r\n');
    const records = parseCsv(run.stdout);
    expect(records).toHaveLength(tricky.length + 2);
    expect(Object.keys(records[0])).toEqual(HEADER);
    const byName = records.slice(0, tricky.length).map((r) => r.お名前);
    expect(byName).toEqual(tricky.map((t) => t.expected));

    const rows = (await orm.em.getConnection().execute('SELECT * FROM brand_and_ambassador_inquiries ORDER BY id')) as {
      id: number;
      email: string;
    }[];
    expect(records.map((r) => Number(r.ID))).toEqual(rows.map((r) => r.id));
    expect(records.map((r) => r.メールアドレス)).toEqual(rows.map((r) => r.email));
    expect(records[0]).toMatchObject({
      受付日時: '2026-04-01 00:30:00',
      対応状況: '未対応',
      '会社名・団体名': '株式会社テスト',
      部署名: '営業部',
      役職: '部長',
      お問い合わせ種別: 'ブランド展開について',
      お問い合わせ内容: '加盟について詳しく知りたいです。',
    });
    expect(records[tricky.length]).toMatchObject({
      お名前: '前日の人',
      受付日時: '2026-03-31 23:59:00',
      対応状況: '対応済み',
      部署名: '',
      役職: '',
      お問い合わせ種別: '取材について',
      お問い合わせ内容: `'=1+1 の内容\n2行目`,
    });
  });

  it('--excel: a UTF-8 BOM and CRLF records, the same rows', async () => {
    const run = await runCli(databaseUrl, ['export-inquiries', '--excel']);
    expect(run.code).toBe(0);
    expect([...run.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(run.stdout.slice(1).startsWith(`${HEADER.join(',')}\r\n`)).toBe(true);
    const plain = parseCsv((await runCli(databaseUrl, ['export-inquiries'])).stdout);
    expect(parseCsv(run.stdout, true)).toEqual(plain);
  });

  it('filters by Japan-time dates, status and subject', async () => {
    const april = parseCsv((await runCli(databaseUrl, ['export-inquiries', '--since', '2026-04-01', '--until', '2026-04-30'])).stdout);
    expect(april.map((r) => r.お名前)).toEqual(tricky.map((t) => t.expected));
    const march = parseCsv((await runCli(databaseUrl, ['export-inquiries', '--until', '2026-03-31'])).stdout);
    expect(march.map((r) => r.お名前)).toEqual(['前日の人']);
    const resolved = parseCsv((await runCli(databaseUrl, ['export-inquiries', '--resolved'])).stdout);
    expect(resolved.map((r) => r.お名前)).toEqual(['前日の人']);
    const unresolved = parseCsv((await runCli(databaseUrl, ['export-inquiries', '--unresolved'])).stdout);
    expect(unresolved).toHaveLength(tricky.length + 1);
    const other = parseCsv((await runCli(databaseUrl, ['export-inquiries', '--subject', 'other'])).stdout);
    expect(other.map((r) => r.お問い合わせ種別)).toEqual(['その他']);
  });

  it('--format json and ndjson: the API shape, parsed back', async () => {
    const json = await runCli(databaseUrl, ['export-inquiries', '--format', 'json', '--subject', 'media']);
    expect(json.code).toBe(0);
    const rows = JSON.parse(json.stdout);
    expect(rows).toEqual([
      expect.objectContaining({
        name: '前日の人',
        subject: 'media',
        resolved: true,
        department_name: null,
        content: '=1+1 の内容\n2行目',
        created_at: '2026-03-31T14:59:00.000Z',
      }),
    ]);
    expect(JSON.parse((await runCli(databaseUrl, ['export-inquiries', '--format', 'json', '--since', '2030-01-01'])).stdout)).toEqual([]);
    const nd = await runCli(databaseUrl, ['export-inquiries', '--format', 'ndjson']);
    const lines = nd.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.name)).toEqual([...tricky.map((t) => t.name), '前日の人', '翌月の人']);
  });

  it('--out writes the file (0600) and leaves no temporary file', async () => {
    const out = path.join(dir, 'inquiries.csv');
    const run = await runCli(databaseUrl, ['export-inquiries', '--out', out, '--excel']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`12件を ${out} に書き出しました`);
    expect(parseCsv(readFileSync(out, 'utf8'), true)).toHaveLength(12);
    expect(readdirSync(dir)).toEqual(['inquiries.csv']);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  it('refuses bad filters with exit code 1, a Japanese line, and no file', async () => {
    const out = path.join(dir, 'refused.csv');
    for (const [args, message] of [
      [['--since', '2026-02-30'], '開始日は YYYY-MM-DD の形式の正しい日付で指定してください'],
      [['--until', 'yesterday'], '終了日は YYYY-MM-DD の形式の正しい日付で指定してください'],
      [['--since', '2026-05-02', '--until', '2026-05-01'], '終了日は開始日以降の日付を指定してください'],
      [['--format', 'json', '--excel'], '--excel は --format csv のときだけ指定できます'],
      [['--format', 'xlsx'], '--format には csv, json, ndjson のいずれかを指定してください'],
      [['--subject', 'press'], '--subject には franchise, branding, media, other のいずれかを指定してください'],
      [['--resolved', '--unresolved'], 'は同時に指定できません'],
    ] as const) {
      const run = await runCli(databaseUrl, ['export-inquiries', ...args, '--out', out]);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toContain(message);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stdout).toBe('');
    }
    expect(existsSync(out)).toBe(false);
  });

  it('pages through more rows than one page, each row once, in id order', async () => {
    const url = await createTestDatabase();
    const other = await initOrm(url, { pool: 2 });
    try {
      await other.em.getConnection().execute('DELETE FROM brand_and_ambassador_inquiries');
      await insertManyInquiries(other, 2345);
      const run = await runCli(url, ['export-inquiries', '--format', 'ndjson']);
      const ids = run.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).id as number);
      expect(ids).toHaveLength(2345);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(2345);
      expect(parseCsv((await runCli(url, ['export-inquiries'])).stdout)).toHaveLength(2345);
      // A slow reader on the pipe (`| gzip` on a busy machine): the last page still arrives, however long it waits.
      const slow = await runCli(url, ['export-inquiries', '--format', 'ndjson'], { slowReader: true });
      expect(slow.stdout.trimEnd().split('\n')).toHaveLength(2345);
    } finally {
      await other.close(true);
    }
  });

  it('an interrupted export leaves no --out file and no temporary file', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'cli-export-int-'));
    const out = path.join(folder, 'interrupted.csv');
    writeFileSync(path.join(folder, 'keep.txt'), 'x');
    // Hold a lock that blocks the export's first read, so it is certainly in the middle when interrupted.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE brand_and_ambassador_inquiries IN ACCESS EXCLUSIVE MODE');
    try {
      let child: import('node:child_process').ChildProcess | undefined;
      const running = runCli(databaseUrl, ['export-inquiries', '--out', out], { started: (c) => (child = c) });
      // Wait until the temporary file exists and the export waits on the lock.
      for (let i = 0; ; i++) {
        // pg_stat_activity is a snapshot per transaction: take a fresh one each time.
        await blocker.query('SELECT pg_stat_clear_snapshot()');
        const waiting = await blocker.query(
          `SELECT query FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%brand_and_ambassador_inquiries%'`,
        );
        if (waiting.rowCount && readdirSync(folder).some((f) => f.endsWith('.tmp'))) break;
        if (i > 1200) throw new Error(`never blocked: ${JSON.stringify([waiting.rows, readdirSync(folder), child?.exitCode])}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      child?.kill('SIGINT');
      const run = await running;
      expect(run.code).toBe(130);
      expect(readdirSync(folder)).toEqual(['keep.txt']);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
  });

  it('shows a progress bar only on a terminal', async () => {
    const quiet = await runCli(databaseUrl, ['export-inquiries', '--out', path.join(dir, 'quiet.csv')]);
    expect(quiet.stderr).toBe('');
    const tty = await runCli(databaseUrl, ['export-inquiries', '--out', path.join(dir, 'tty.csv')], { tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toContain('12 / 12 件');
    expect(tty.stdout).toContain('件/秒');
  });

  it('loads the database and its own service only: no other service, no PDF kit, no payment or mail package', async () => {
    // Every module the command loads (the build's chunks, or the sources through tsx), recorded by a module hook.
    const list = path.join(dir, 'modules.txt');
    const hook = `import { registerHooks } from 'node:module'; import { appendFileSync } from 'node:fs';
      registerHooks({ load(url, context, next) { appendFileSync(${JSON.stringify(list)}, url + '\\n'); return next(url, context); } });`;
    const run = await runCli(databaseUrl, ['export-inquiries', '--out', path.join(dir, 'modules.csv')], {
      env: { NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(hook)}` },
    });
    expect(run.code).toBe(0);
    const loaded = loadedSources(readFileSync(list, 'utf8').trim().split('\n'));
    expect(loaded.some((file) => /inquiries-export\.service\.ts$/.test(file))).toBe(true);
    expect(loaded.some((file) => file.includes('node_modules/@mikro-orm/core/'))).toBe(true);
    expect(loaded.filter((file) => /(^|\/)src\/services\.ts$/.test(file))).toEqual([]);
    expect(loaded.filter((file) => /\.service\.ts$/.test(file) && !/inquiries-export\.service/.test(file))).toEqual([]);
    expect(loaded.filter((file) => /node_modules\/(pdfkit|fontkit|stripe|nodemailer|sharp|express)\//.test(file))).toEqual([]);
  });
});
