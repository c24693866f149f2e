// The parts `npm run bench` runs, in order (tests/bench/harness.ts BenchPart). Add one import and one entry per part.
import type { BenchPart } from '#tests/bench/harness';
import { detailPart } from '#tests/bench/detail';
import { listPart } from '#tests/bench/list';
import { lighthouseReport } from '#tests/bench/lighthouse';
import { receiptPart } from '#tests/bench/receipt';
import { badInputsPart } from '#tests/bench/bad-inputs';

/** Lighthouse (mobile) on the cached server, after the load of the other parts has stopped. */
const lighthousePart: BenchPart = {
  name: 'Lighthouse',
  report: (run) => lighthouseReport(run.cached, run.guestCookie),
};

// The bad inputs come last: the peak memory printed after them covers everything the servers kept.
export const parts: BenchPart[] = [detailPart, listPart, receiptPart, lighthousePart, badInputsPart];
