// Where the browser tests and Lighthouse find Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium (never a
// downloaded browser). Run by itself, first in `npm test` and `npm run test:e2e` (plain Node, no transpiler, so it
// answers within a second), it stops with one line saying what to install when that browser is missing, instead of
// fifteen minutes of other tests and then a launch error.
import { accessSync, constants, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Why Chromium cannot be started from `path`, as one line saying what to do; null when it can. */
export function chromiumProblem(path: string = CHROMIUM): string | null {
  try {
    if (statSync(path).isFile()) {
      accessSync(path, constants.X_OK);
      return null;
    }
  } catch {
    // missing or not executable: said below
  }
  const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${path} is not an executable file` : `${path} is missing`;
  return `The browser tests need Chromium and ${where}: install it with \`sudo apt-get install -y chromium fonts-noto-cjk\` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.`;
}

// Run as a script (`node tests/setup/chromium.ts`), not imported.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problem = chromiumProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
