// The plain error page's inline rules (server/middleware/errors.ts) use the site's own colours and font stack, as
// src/components/global.css declares them, so the page a request meets before Vike looks like the site's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_PAGE_STYLE } from '#server/middleware/errors';
import { projectRoot } from '#src/lib/project-root';

const globalCss = readFileSync(path.join(projectRoot, 'src/components/global.css'), 'utf8');
const variable = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(globalCss)?.[1]?.trim();

describe('the plain error page', () => {
  it('takes its background, text and link colours and its font stack from the site’s variables', () => {
    expect(variable('color-bg')).toBe('#fbf8f4');
    expect(ERROR_PAGE_STYLE).toContain(`background:${variable('color-bg')};`);
    expect(ERROR_PAGE_STYLE).toContain(`color:${variable('color-text')};`);
    expect(ERROR_PAGE_STYLE).toContain(`a{color:${variable('color-primary')}}`);
    expect(ERROR_PAGE_STYLE).toContain(`font-family:${variable('font')?.replace(/,\s+/g, ',')}}`);
  });
});
