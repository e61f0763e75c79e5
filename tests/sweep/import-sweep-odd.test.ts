import { importSweep, onReaderBoundary } from '../support/import-property';

// Every odd N from 1 to 2,099: the other half of import-sweep-even (see there).
importSweep(
  'the import stores every row it reports: odd N to 2,100',
  () => Array.from({ length: 1_050 }, (_, i) => 2 * i + 1),
  { maxBefore: 300, onBoundary: onReaderBoundary },
);
