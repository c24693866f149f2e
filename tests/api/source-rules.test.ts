// Rules about the source itself that no compiler or linter states, checked here so nobody has to remember them.
import { describe, expect, it } from 'vitest';
import { linesMatching, sourceFiles } from '#tests/setup/source-files';

const CODE_DIRS = ['src', 'server', 'cli', 'pages', 'tests', 'migrations', 'seeds'];

describe('comments', () => {
  it('say what the code does and why, never which issue, session or review pass asked for it', () => {
    // An issue or session number means nothing to whoever clones the repository; the reason stays, the number goes.
    const history = /\b[Ii]ssues? #?\d+\b|\b[Ss]essions? \d+\b|\b[rs]1\d[a-z]\b|\bhardening[A-Z]\b/;
    const files = sourceFiles(CODE_DIRS)
      .concat(sourceFiles(['.'], /^(biome|knip)\.jsonc$/))
      .filter((f) => f.path !== 'tests/api/source-rules.test.ts');
    const offenders = linesMatching(files, history);
    expect(offenders).toEqual([]);
  });
});

/** The most lines a source file may have: past it, split it by what changes together. */
const MAX_LINES = 350;

describe('file size', () => {
  it(`keeps every source file within ${MAX_LINES} lines`, () => {
    const offenders = sourceFiles(['src', 'server', 'cli', 'pages'], /\.tsx?$/)
      .filter((f) => !f.path.endsWith('.test.ts'))
      .map((f) => ({ path: f.path, lines: f.text.split('\n').length - (f.text.endsWith('\n') ? 1 : 0) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.path}: ${f.lines} lines`);
    expect(offenders).toEqual([]);
  });
});

describe('service inputs', () => {
  it('are typed as what their schema takes, so callers are checked by the compiler (ARCHITECTURE.md, "One service shape")', () => {
    // `input: unknown` would let a page, the CLI or a test pass anything; a method that takes nothing says `_input?`.
    const services = sourceFiles(['src/modules'], /\.ts$/).filter((f) => !f.path.endsWith('.test.ts'));
    const offenders = linesMatching(services, /\binput: unknown\b/);
    expect(offenders).toEqual([]);
  });
});

describe('files to save', () => {
  it("leave the API one way: a route's `download` or `sendFile`, which set the name, the type and the body together", () => {
    const server = sourceFiles(['server'], /\.ts$/).filter((f) => f.path !== 'server/api/route.ts' && !f.path.endsWith('.test.ts'));
    const offenders = linesMatching(server, /\.attachment\(/);
    expect(offenders).toEqual([]);
  });
});
