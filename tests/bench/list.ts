// The /stories list, uncached (issue 16's list goal; issue 15's search work extends this part).
import { type BenchPart, measure } from '#tests/bench/harness';

export const listPart: BenchPart = {
  name: 'stories list',
  async rows(run) {
    return [await measure('GET /stories uncached', `${run.uncached}/stories`, { goal: 1.5 })];
  },
};
