import { describe, expect, it } from 'vitest';
import {
  importRowsUnaccounted,
  importSummaryText,
  storedRowsText,
  type ImportSummary,
} from '../../src/grids/excel/import-summary';

// The summary a committed import shows (issue #28 item 3): how many rows of the file the server read back
// stored, out of how many it received, and why any were not stored; then what it did with them.

const nothing = { added: 0, updated: 0, unchanged: 0, skipped: 0 };

describe('import summary', () => {
  it('says how many rows were stored of how many received, with thousands separators, then the breakdown', () => {
    expect(importSummaryText({ ...nothing, added: 1500, received: 1500, stored: 1500, mode: 0 })).toBe(
      'Stored 1,500 of 1,500 rows. Added 1,500, updated 0, unchanged 0, skipped 0 rows.',
    );
    expect(importSummaryText({ ...nothing, added: 3001, received: 3001, stored: 3001 })).toBe(
      'Stored 3,001 of 3,001 rows. Added 3,001, updated 0, unchanged 0, skipped 0 rows.',
    );
    expect(
      importSummaryText({ added: 1, updated: 1, unchanged: 1, skipped: 0, restored: 1, received: 4, stored: 4 }),
    ).toBe('Stored 4 of 4 rows. Added 1, updated 1, restored 1, unchanged 1, skipped 0 rows.');
    expect(storedRowsText({ ...nothing, added: 1, received: 1, stored: 1 })).toBe('Stored 1 of 1 row.');
  });

  it('says why fewer rows were stored: skipped as already there, or (mode 3) as not in the list', () => {
    expect(importSummaryText({ ...nothing, added: 1, skipped: 1, received: 2, stored: 1, mode: 0 })).toBe(
      'Stored 1 of 2 rows: 1 skipped as already there. Added 1, updated 0, unchanged 0, skipped 1 rows.',
    );
    expect(storedRowsText({ ...nothing, updated: 2, skipped: 1200, received: 1202, stored: 2, mode: 3 })).toBe(
      'Stored 2 of 1,202 rows: 1,200 skipped as not in the list (this import only updates rows).',
    );
  });

  it('rows the server rejected are named with the count; rows the browser did not send are told after', () => {
    // One row with an error found in the browser (not sent): the server received 2 and stored 2.
    expect(importSummaryText({ ...nothing, added: 2, rejected: 1, notSent: 1, received: 2, stored: 2 })).toBe(
      'Stored 2 of 2 rows. Added 2, updated 0, unchanged 0, skipped 0 rows. 1 row was rejected for errors and not imported.',
    );
    // The server rejected 2 of the 5 it received; 3 more were never sent.
    expect(importSummaryText({ ...nothing, added: 3, rejected: 5, notSent: 3, received: 5, stored: 3 })).toBe(
      'Stored 3 of 5 rows: 2 rejected for errors. Added 3, updated 0, unchanged 0, skipped 0 rows. 3 more rows were rejected for errors and not imported.',
    );
    expect(
      importSummaryText({ ...nothing, added: 3, skipped: 1, rejected: 1, notSent: 0, received: 5, stored: 3 }),
    ).toBe(
      'Stored 3 of 5 rows: 1 skipped as already there, 1 rejected for errors. Added 3, updated 0, unchanged 0, skipped 1 rows.',
    );
  });

  it('rows neither stored, skipped nor rejected are called out as lost, and counted', () => {
    const lost: ImportSummary = { ...nothing, added: 1500, received: 1500, stored: 1499 };
    expect(importRowsUnaccounted(lost)).toBe(1);
    expect(importSummaryText(lost)).toBe(
      'Stored 1,499 of 1,500 rows: 1 not stored, with no reason given by the server (import the file again, or report it). Added 1,500, updated 0, unchanged 0, skipped 0 rows.',
    );
    expect(importRowsUnaccounted({ ...nothing, added: 1, skipped: 1, received: 2, stored: 1 })).toBe(0);
  });

  it("without the server's count (an older server), the breakdown alone, as before; never the browser's count", () => {
    expect(importSummaryText({ ...nothing, added: 2, rejected: 1, notSent: 1 })).toBe(
      'Added 2, updated 0, unchanged 0, skipped 0 rows. 1 row was rejected for errors and not imported.',
    );
    expect(importSummaryText({ ...nothing, added: 1, updated: 1, softDeleted: 1 })).toBe(
      'Added 1, updated 1, unchanged 0, skipped 0 rows. Deleted 1 row missing from the file (Show deleted rows lists them).',
    );
    expect(importRowsUnaccounted({ ...nothing, added: 2 })).toBe(0);
  });

  it('a replacing import: the rows it deleted follow the count of the file stored', () => {
    expect(
      importSummaryText({ ...nothing, added: 1, updated: 1, softDeleted: 1, received: 2, stored: 2, mode: 2 }),
    ).toBe(
      'Stored 2 of 2 rows. Added 1, updated 1, unchanged 0, skipped 0 rows. Deleted 1 row missing from the file (Show deleted rows lists them).',
    );
  });
});
