// What a test file's helpers open and the file must close when it ends (a test app, a browser). Vitest registers a
// hook only while it collects a file's tests, so an afterAll that a helper calls from the file's beforeAll is never
// run: the app or the browser would stay open for the rest of the worker's files (vitest.config.ts, isolate: false).
// Helpers hand their closing to atFileEnd instead; file-end.setup.ts runs it after each file's own after-all hooks.
const pending: (() => unknown)[] = [];

/** Runs `close` when the current test file ends (after its own afterAll hooks), last registered first. */
export function atFileEnd(close: () => unknown): void {
  pending.push(close);
}

/**
 * Closes what the ending file's helpers registered (file-end.setup.ts): every one of them, even after one fails, so
 * nothing is left for the next file of the worker; then fails with the first error.
 */
export async function runFileEnd(): Promise<void> {
  const errors: unknown[] = [];
  for (let close = pending.pop(); close; close = pending.pop()) {
    try {
      await close();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}
