// Closes what a file's helpers opened (tests/setup/file-end.ts) when the file ends. Listed after
// shared-process.setup.ts, so it runs before that file's checks (Vitest runs after-all hooks in reverse order).
import { afterAll } from 'vitest';
import { runFileEnd } from './file-end';

afterAll(runFileEnd);
