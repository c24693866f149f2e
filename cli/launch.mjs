// `npm run cli`: runs the CLI compiled by `npm run build` (dist/node/cli.mjs) when that build is newer than every
// source file it was made from (dist/node/inputs.json lists them), and otherwise the sources through tsx, as before any
// build: a fresh clone and a developer's edited checkout run what is in the files, and the release phase (after the
// build) starts without compiling anything. Nothing is built here: two commands started at once never write the same
// files. Plain JavaScript: Node's type stripping would add its own start-up to every command.
import { readFileSync, statSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

// V8's compiled code of every module a command loads, kept on disk by Node's compile cache, so the next command reads
// it instead of compiling the ORM, zod and the services again. Its folder is the project's own (NODE_COMPILE_CACHE
// names another), not one in the shared temporary folder that another user of the machine could write into; Node
// never throws here, and a folder it cannot write only means no cache.
module.enableCompileCache(process.env.NODE_COMPILE_CACHE || path.join(root, 'node_modules/.cache/node-compile-cache'));

const built = path.join(root, 'dist/node/cli.mjs');

/** The build is there and no file it was made from changed (or went) since. */
function buildIsCurrent() {
  try {
    const builtAt = statSync(built).mtimeMs;
    /** @type {string[]} */
    const inputs = JSON.parse(readFileSync(path.join(root, 'dist/node/inputs.json'), 'utf8'));
    return inputs.every((file) => statSync(path.join(root, file)).mtimeMs <= builtAt);
  } catch {
    return false;
  }
}

if (buildIsCurrent()) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./index.ts');
}
