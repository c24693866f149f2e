// The parts `npm run bench` runs, in order (tests/bench/harness.ts BenchPart). Add one import and one entry per part.
import type { BenchPart } from '#tests/bench/harness';
import { detailPart } from '#tests/bench/detail';
import { listPart } from '#tests/bench/list';

export const parts: BenchPart[] = [detailPart, listPart];
