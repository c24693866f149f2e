// Rules about the source itself that no compiler or linter states, checked here so nobody has to remember them.
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '#tests/setup/source-files';

const CODE_DIRS = ['src', 'server', 'cli', 'pages', 'tests', 'migrations', 'seeds'];

describe('comments', () => {
  it('say what the code does and why, never which issue, session or review pass asked for it', () => {
    // An issue or session number means nothing to whoever clones the repository; the reason stays, the number goes.
    const history = /\b[Ii]ssues? #?\d+\b|\b[Ss]essions? \d+\b|\b[rs]1\d[a-z]\b|\bhardening[A-Z]\b/;
    const offenders = sourceFiles(CODE_DIRS)
      .concat(sourceFiles(['.'], /^(biome|knip)\.jsonc$/))
      .filter((f) => f.path !== 'tests/api/source-rules.test.ts')
      .flatMap((f) =>
        f.text
          .split('\n')
          .map((line, i) => ({ line, at: `${f.path}:${i + 1}` }))
          .filter(({ line }) => history.test(line))
          .map(({ at }) => at),
      );
    expect(offenders).toEqual([]);
  });
});

/** The most lines a source file may have: past it, split it by what changes together. */
const MAX_LINES = 350;

/**
 * Files over the limit today, each at most as long as it is now: they may shrink (and leave this list when they are
 * split), never grow.
 */
const TOO_LONG_TODAY: Record<string, number> = {};

describe('file size', () => {
  it(`keeps every source file within ${MAX_LINES} lines, and the longer ones of today from growing`, () => {
    const offenders = sourceFiles(['src', 'server', 'cli', 'pages'], /\.tsx?$/)
      .filter((f) => !f.path.endsWith('.test.ts'))
      .map((f) => ({ path: f.path, lines: f.text.split('\n').length - (f.text.endsWith('\n') ? 1 : 0) }))
      .filter((f) => f.lines > (TOO_LONG_TODAY[f.path] ?? MAX_LINES))
      .map((f) => `${f.path}: ${f.lines} lines (at most ${TOO_LONG_TODAY[f.path] ?? MAX_LINES})`);
    expect(offenders).toEqual([]);
  });
});
