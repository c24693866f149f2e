// The files of a Vitest worker share one process (isolate: false in vitest.config.ts and vitest.e2e.config.ts), so a
// file that changes the process's environment (TZ above all: the Japan dates) or leaves a fake clock running changes
// the next file's results. This runs around every file and fails the file that leaves either behind; a file that needs
// its own TZ uses tests/setup/time-zone.ts. Vitest runs after-all hooks in reverse order, so these checks run after
// the file's own ones.
import { afterAll, vi } from 'vitest';

const before = { ...process.env };
// Set by a library in whichever file first uses it, the same each time: sharp's libvips sets VIPSHOME when loaded, and
// MikroORM's configuration writes MIKRO_ORM_COLORS (from the ORM's own options) whenever an ORM is made.
const SET_ON_LOAD = new Set(['VIPSHOME', 'MIKRO_ORM_COLORS']);

afterAll(() => {
  const keys = new Set([...Object.keys(before), ...Object.keys(process.env)]);
  const changed = [...keys].filter((key) => before[key] !== process.env[key] && !SET_ON_LOAD.has(key)).sort();
  if (changed.length > 0) {
    throw new Error(
      `This file left process.env changed (${changed.join(', ')}); the next file in this worker would run with it. Put it back in an afterAll (tests/setup/time-zone.ts does it for TZ).`,
    );
  }
  if (vi.isFakeTimers()) {
    throw new Error(
      'This file left the fake clock running; the next file in this worker would run with it. Call vi.useRealTimers() after it.',
    );
  }
});
