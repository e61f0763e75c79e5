import { describe, it } from 'vitest';
import { batchCasesFor, batchProperty, describeBatch } from '../support/batch-property';
import { listeningSuite } from '../support/test-app';

// "Nothing lost", for the batch save (#28): creates, updates and deletes in one request over a real socket,
// whole or in random pieces, all named in the answer and stored field by field. The totals sit either side
// of the 5,000 rows a write statement carries (and its audit rows' statements). The full sweep, random totals
// up to 40,000 (the 10 MiB body limit), is `npm run test:sweep`.

const { suite, base } = listeningSuite();
const run = batchProperty(suite, base);

describe('a batch save stores every row it answers', () => {
  const cases = [
    { creates: 1, updates: 0, deletes: 0, whole: false, seed: 1 },
    { creates: 4_999, updates: 1, deletes: 1, whole: false, seed: 2 },
    { creates: 5_000, updates: 0, deletes: 0, whole: true, seed: 3 },
    { creates: 5_001, updates: 2, deletes: 0, whole: false, seed: 4 },
    { creates: 1, updates: 5_001, deletes: 3, whole: false, seed: 5 },
    ...batchCasesFor([10_001], 28),
  ];
  for (const c of cases) it(describeBatch(c), () => run(c), 120_000);
});
