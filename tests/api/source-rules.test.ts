// Rules about the source itself that no compiler or linter states, checked here so nobody has to remember them.
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '#tests/setup/source-files';

const CODE_DIRS = ['src', 'server', 'cli', 'pages', 'tests', 'migrations', 'seeds'];

describe('comments', () => {
  it('say what the code does and why, never which issue, session or review pass asked for it', () => {
    // An issue or session number means nothing to whoever clones the repository; the reason stays, the number goes.
    const history = /\b[Ii]ssues? #?\d+\b|\b[Ss]essions? \d+\b|\((?:r|s)\d{1,2}[a-z]\)/;
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
