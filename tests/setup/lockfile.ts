// Checks that package-lock.json lists every platform's packages: each dependency and optional dependency of every
// locked package (Biome's, oxc's, rolldown's, sharp's, esbuild's binaries for macOS, Windows and Linux, glibc and
// musl, x64 and arm64) must have an entry. An install on one platform writes only what it resolved; a lockfile
// without the other platforms' entries makes `npm ci` on those platforms install no binary, and every `npm install`
// there rewrite the lockfile. Plain Node (type stripping), run by `npm test` with the other static checks.
//
// Regenerating the lockfile (after merging branches that add dependencies, or when this check fails), from the
// repository's root on any machine:
//   1. npm install --package-lock-only --no-audit --no-fund   (adds the missing entries; changes no version)
//   2. npm install --no-audit --no-fund                        (must leave package-lock.json as step 1 wrote it)
//   3. git diff --exit-code package-lock.json after step 2, and `node tests/setup/lockfile.ts`: both silent
//   4. commit package.json and package-lock.json together
// On a merge conflict in package-lock.json: take either side (`git checkout --theirs package-lock.json`), then 1–4.
// .ci/run fails when an install changes the committed lockfile.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface LockedPackage {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** What each locked package needs that the lockfile does not list (Node's lookup: its own node_modules, then up). */
export function missingEntries(lock: { packages: Record<string, LockedPackage> }): string[] {
  const { packages } = lock;
  const missing: string[] = [];
  for (const [at, pkg] of Object.entries(packages)) {
    const needs = { ...pkg.dependencies, ...pkg.optionalDependencies };
    for (const name of Object.keys(needs)) {
      let dir = at;
      let found = false;
      for (;;) {
        if (`${dir ? `${dir}/` : ''}node_modules/${name}` in packages) {
          found = true;
          break;
        }
        if (dir === '') break;
        // Up one package: "node_modules/a/node_modules/b" → "node_modules/a"; "node_modules/@s/a" → "".
        const cut = dir.lastIndexOf('/node_modules/');
        dir = cut === -1 ? '' : dir.slice(0, cut);
      }
      if (!found) missing.push(`${name} (needed by ${at || 'the project'})`);
    }
  }
  return missing;
}

if (process.argv[1] === import.meta.filename) {
  const file = path.join(import.meta.dirname, '../../package-lock.json');
  const missing = missingEntries(JSON.parse(readFileSync(file, 'utf8')));
  if (missing.length > 0) {
    console.error(
      `package-lock.json lacks ${missing.length} package(s) another platform installs: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}. Regenerate it as tests/setup/lockfile.ts says.`,
    );
    process.exit(1);
  }
}
