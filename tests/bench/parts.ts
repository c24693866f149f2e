// The parts `npm run bench` runs, in order (tests/bench/harness.ts BenchPart). Add one import and one entry per part.
import type { BenchPart } from '#tests/bench/harness';
import { detailPart } from '#tests/bench/detail';
import { listPart } from '#tests/bench/list';
import { lighthouseReport } from '#tests/bench/lighthouse';
import { receiptPart } from '#tests/bench/receipt';

/** Lighthouse (mobile) on the cached server, after the load of the other parts has stopped. */
const lighthousePart: BenchPart = {
  name: 'Lighthouse',
  report: (run) => lighthouseReport(run.cached, run.guestCookie),
};

export const parts: BenchPart[] = [detailPart, listPart, receiptPart, lighthousePart];
