// npm start: builds the pages when the build is missing or older than the sources, then serves them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = path.join(root, 'dist/server/entry.mjs');

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsStale(): boolean {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(root, 'pages')),
    newestMtime(path.join(root, 'src')),
    newestMtime(path.join(root, 'public')),
    statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  );
  return sources > built;
}

if (buildIsStale()) {
  console.log('Building the pages (vike build)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vike/bin.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('./index');
