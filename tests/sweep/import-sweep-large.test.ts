import { randomSource } from '../support/bulk-rows';
import { importSweep } from '../support/import-property';

// The import's full "nothing lost" sweep (#28), its large sizes: either side of the 5,000 rows a write
// statement carries, of the first two 10,000-row chunk boundaries, and the largest size (60,000, six chunks);
// then 200 random N from 2,101 to 60,000, across the chunks, log-uniform so sizes near the first chunk
// boundaries come as often as the largest (mean ~17,000 rows); in every mode, committed and as dry runs, whole
// and in random pieces. CI (SWEEP_SHARE=0.05) runs the boundary sizes and a seeded twentieth of the random ones.
const BOUNDARIES = [4_999, 5_000, 5_001, 9_999, 10_000, 10_001, 19_999, 20_000, 20_001, 60_000];

importSweep(
  'the import stores every row it reports: random N to 60,000',
  (seed) => {
    const random = randomSource(seed + 1);
    return [...BOUNDARIES, ...Array.from({ length: 200 }, () => Math.round(2_101 * (60_000 / 2_101) ** random.next()))];
  },
  { onBoundary: (n) => BOUNDARIES.includes(n) },
);
