// npm start: builds the pages when the build is missing or older than the sources, then serves them (as server/index.ts
// does, with the app's settings as the environment gives them).
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
  // A production build whatever NODE_ENV the shell has: with NODE_ENV=development or test (a test runner starting
  // npm start) Vite would compile JSX for React's development runtime, which the production server cannot render.
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vike/bin.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The app's settings come from the environment as given: NODE_ENV unset means development (plain-http cookies,
// localhost links, no secrets required). React's server renderer and Vike read NODE_ENV themselves, and what they run
// here is the production build, so they are told production before either is loaded: otherwise React would render
// with its development build and Vike would warn that a development NODE_ENV serves a production build.
const appEnvironment = { ...process.env };
process.env.NODE_ENV = 'production';
const { parseEnvOrExit } = await import('#src/lib/env');
const { boot, handleSignals } = await import('./boot');
const running = await boot({ pages: 'production', env: parseEnvOrExit(1, appEnvironment) });
handleSignals(running);
