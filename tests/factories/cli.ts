// The operator CLI as an operator runs it (`npm run cli -- …`): a child process against a real database.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** A test that runs the CLI a few times needs more than the default 30 s on the shared 2-core machine. */
export const CLI_TEST_TIMEOUT = 120_000;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(databaseUrl: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/index.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
