import { importSweep, onReaderBoundary } from '../support/import-property';

// The import's full "nothing lost" sweep (#28), every even N from 0 to 2,100 (the odd ones are the next file,
// run beside it): both sides of each 1,000-row parse batch, in every mode, committed and as dry runs, whole
// and in random pieces, over a real socket, counted and compared field by field. The sizes here are about
// the reader's batches, so a case imports at most 300 of its keys before (the large sizes update up to
// 12,000). `npm run test:sweep`, run by CI after `npm test` with SWEEP_SHARE=0.05: every size within 3 of a
// batch boundary (and of 0 and 2,100) and a seeded twentieth of the others.
importSweep(
  'the import stores every row it reports: even N to 2,100',
  () => Array.from({ length: 1_051 }, (_, i) => 2 * i),
  { maxBefore: 300, onBoundary: onReaderBoundary },
);
