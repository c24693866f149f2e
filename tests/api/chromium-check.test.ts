// The first step of `npm test` (tests/setup/chromium.ts): on a machine without Chromium it stops at once with one line
// saying what to install, instead of running every other test before the browser tests fail to launch.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function check(env: Record<string, string>) {
  const base = { ...process.env };
  delete base.CHROMIUM_PATH;
  const started = Date.now();
  const result = spawnSync(process.execPath, ['tests/setup/chromium.ts'], { cwd: root, env: { ...base, ...env }, encoding: 'utf8' });
  return { ...result, ms: Date.now() - started };
}

describe('the Chromium check', () => {
  it('stops with one line naming the packages to install and CHROMIUM_PATH when the browser is missing', () => {
    const result = check({ CHROMIUM_PATH: path.join(root, 'no-such-chromium') });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`CHROMIUM_PATH=${path.join(root, 'no-such-chromium')} is not an executable file`);
    expect(lines[0]).toContain('apt-get install -y chromium chromium-headless-shell fonts-noto-cjk');
    expect(lines[0]).toContain('set CHROMIUM_PATH');
    expect(result.ms).toBeLessThan(10_000);
  });

  it('refuses a file that is not executable', () => {
    const result = check({ CHROMIUM_PATH: path.join(root, 'package.json') });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is not an executable file');
  });

  it('passes silently when CHROMIUM_PATH names an executable', () => {
    const result = check({ CHROMIUM_PATH: process.execPath });
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });
});
