import { randomSource } from '../support/bulk-rows';
import { importSweep } from '../support/import-property';

// The import's full "nothing lost" sweep (#28), its large sizes: 200 random N from 2,101 to 60,000, across the
// 10,000-row chunks (up to six of them), log-uniform so sizes near the first chunk boundaries come as often
// as the largest (mean ~17,000 rows); in every mode, committed and as dry runs, whole and in random pieces.
importSweep('the import stores every row it reports: random N to 60,000', (seed) => {
  const random = randomSource(seed + 1);
  return Array.from({ length: 200 }, () => Math.round(2_101 * (60_000 / 2_101) ** random.next()));
});
