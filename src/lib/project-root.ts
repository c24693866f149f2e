// The repository's folder (the nearest one up with package.json): the same answer from the sources (src/lib) and
// from the server and CLI compiled into dist/node/, which sit at another depth. Paths to the project's own files
// (migrations, the built pages, the demo images) start here, never at import.meta.url.
import { existsSync } from 'node:fs';
import path from 'node:path';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const projectRoot = findRoot(import.meta.dirname);
