// The project's own source files, read once per test file: the rules a contributor must follow that a compiler or
// linter cannot state are checked by scanning them (tests/api/source-rules.test.ts, tests/api/db-waits.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const projectRoot = path.resolve(import.meta.dirname, '../..');

export interface SourceFile {
  /** Relative to the project root, with forward slashes. */
  path: string;
  text: string;
}

const SKIP = new Set(['node_modules', 'dist', '.data', '.git']);

/** Every file under `dirs` (relative to the root) whose name matches `name`. */
export function sourceFiles(dirs: readonly string[], name: RegExp = /\.(ts|tsx|css)$/): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (name.test(entry.name)) {
        files.push({ path: path.relative(projectRoot, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') });
      }
    }
  };
  for (const dir of dirs) walk(path.join(projectRoot, dir));
  return files;
}

/** `path:line` of every line of `files` that `pattern` matches. */
export function linesMatching(files: readonly SourceFile[], pattern: RegExp): string[] {
  return files.flatMap((f) => f.text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${f.path}:${i + 1}`] : [])));
}
