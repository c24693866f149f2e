// Where the browser tests and Lighthouse find Chromium (never a downloaded browser; CHROMIUM_PATH overrides both):
// - the browser tests run Debian's headless shell, /usr/bin/chromium-headless-shell (package chromium-headless-shell):
//   the same Blink and V8 without the desktop browser around them, so the suite's many short-lived pages cost far less
//   of the 2-core machine than the full browser in its headless mode (docs/decisions/operations.md);
// - the full browser, /usr/bin/chromium (package chromium), where the browser itself is under test: Lighthouse (npm run
//   bench, npm run lighthouse), the slower-host measure, and the back/forward cache, which the headless shell does not
//   keep pages in as guests' browsers do.
// Run by itself, first in `npm test` and `npm run test:e2e` (plain Node, no transpiler, so it answers within a
// second), it stops with one line saying what to install when either browser is missing, instead of minutes of other
// tests and then a launch error.
import { accessSync, constants, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The browser the browser tests launch. */
export const TEST_BROWSER = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

/** The full browser: Lighthouse, the slower-host measure and the back/forward cache's test launch it. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Why the browsers cannot be started, as one line saying what to install; null when both can. */
export function chromiumProblem(browsers: readonly string[] = [TEST_BROWSER, CHROMIUM]): string | null {
  const missing = [...new Set(browsers)].filter((path) => {
    try {
      if (!statSync(path).isFile()) return true;
      accessSync(path, constants.X_OK);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return null;
  const where = process.env.CHROMIUM_PATH
    ? `CHROMIUM_PATH=${missing[0]} is not an executable file`
    : `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing`;
  return `The browser tests need Chromium and ${where}: install it with \`sudo apt-get install -y chromium chromium-headless-shell fonts-noto-cjk\` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.`;
}

// Run as a script (`node tests/setup/chromium.ts`), not imported.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problem = chromiumProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
