// A test file that runs in one time zone (the server's Japan dates must not depend on the machine's): sets TZ for the
// file and puts the previous value back after it, since the files of a Vitest worker share one process
// (vitest.config.ts, isolate: false).
import { atFileEnd } from './file-end';

export function timeZoneForThisFile(zone: string): void {
  const previous = process.env.TZ;
  process.env.TZ = zone;
  atFileEnd(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });
}
