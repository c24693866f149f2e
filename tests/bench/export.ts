// The inquiry export benchmark: `npm run cli -- export-inquiries --out FILE` as a child process on an
// embedded PostgreSQL with 10,000 and then 100,000 inquiries. Prints duration, rows/s and the child's peak RSS
// (GNU time's maximum resident set size); fails (exit code 1) when the peak reaches 150 MB or grows by 20% or
// more from 10,000 to 100,000 rows, i.e. when the export stops streaming.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { initOrm } from '#src/lib/orm';
import { insertManyInquiries } from '#tests/factories/inquiries';
import { CLI_ARGS } from '#tests/setup/built';
import { benchDatabase } from '#tests/bench/harness';

const root = path.resolve(import.meta.dirname, '../..');
const PEAK_LIMIT_MB = 150;
const GROWTH_LIMIT = 0.2;

interface Measure {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakMb: number;
  fileMb: number;
}

function exportOnce(databaseUrl: string, dir: string, rows: number): Promise<Measure> {
  const out = path.join(dir, `inquiries-${rows}.csv`);
  const timeFile = path.join(dir, `time-${rows}.txt`);
  const started = performance.now();
  // The same command line as `npm run cli -- export-inquiries …`, measured by GNU time.
  const child = spawn('/usr/bin/time', ['-f', '%M', '-o', timeFile, process.execPath, ...CLI_ARGS, 'export-inquiries', '--out', out], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`export exited with ${code}`));
      const seconds = (performance.now() - started) / 1000;
      const peakKb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').at(-1));
      resolve({
        rows,
        seconds,
        rowsPerSecond: rows / seconds,
        peakMb: peakKb / 1024,
        fileMb: statSync(out).size / 1024 / 1024,
      });
    });
  });
}

export async function benchExport(): Promise<boolean> {
  const db = await benchDatabase('bench-export', { fast: true });
  try {
    const orm = await initOrm(db.url, { pool: 2 });
    const results: Measure[] = [];
    try {
      await insertManyInquiries(orm, 10_000);
      results.push(await exportOnce(db.url, db.dataDir, 10_000));
      await insertManyInquiries(orm, 90_000);
      results.push(await exportOnce(db.url, db.dataDir, 100_000));
    } finally {
      await orm.close(true);
    }
    console.log('\nexport-inquiries --out FILE (CSV), child process, embedded PostgreSQL\n');
    console.log('| rows | seconds | rows/s | peak RSS MB | file MB |');
    console.log('|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(
        `| ${r.rows} | ${r.seconds.toFixed(2)} | ${Math.round(r.rowsPerSecond)} | ${r.peakMb.toFixed(1)} | ${r.fileMb.toFixed(1)} |`,
      );
    }
    const [small, large] = results;
    const growth = large.peakMb / small.peakMb - 1;
    const ok = large.peakMb < PEAK_LIMIT_MB && growth < GROWTH_LIMIT;
    console.log(
      `\npeak RSS at 100,000 rows: ${large.peakMb.toFixed(1)} MB (limit ${PEAK_LIMIT_MB}); growth from 10,000: ${(growth * 100).toFixed(1)}% (limit ${GROWTH_LIMIT * 100}%): ${ok ? 'OK' : 'OVER'}`,
    );
    return ok;
  } finally {
    await db.stop();
  }
}
