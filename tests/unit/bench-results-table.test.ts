import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeResultsTable } from '../bench/results-table';

/**
 * The committed table of benchmark figures (bench-results/README.md): a figure's row shows the measure its aim
 * bounds, in its unit, with the aim; a run of one group (BENCH_ONLY) keeps the rows of the others.
 */
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tableRows(dir: string): string[] {
  return fs
    .readFileSync(path.join(dir, 'README.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Figure') && !line.startsWith('| ---'));
}

describe('the benchmark table', () => {
  it('shows the measure a figure names as its aim, KiB and rows/s in their units, and keeps the rows of groups not run', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-table-'));
    dirs.push(dir);
    writeResultsTable(dir, [], [{ name: 'other group', ms: 5, aimMs: 10, meetsAim: true }], 0);
    writeResultsTable(
      dir,
      [],
      [
        { name: 'fan-out', p95Ms: 150, p50Ms: 40, maxMs: 180, aimMs: 200, aimField: 'p95Ms', meetsAim: true },
        { name: 'per stream', perStreamKiB: 80.5, aimKiB: 64, meetsAim: false },
        { name: 'revision', ms: 900, rows: 26241, throughputRowsPerSecond: 29157, aimMs: 1000, meetsAim: true },
      ],
      0,
    );
    const rows = tableRows(dir);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/^\| other group \| 5 ms \| ≤ 10 ms \|/);
    expect(rows[1]).toMatch(/^\| fan-out \| 150 ms; p50 40 ms; max 180 ms \| ≤ 200 ms \| {2}\| yes \|/);
    expect(rows[2]).toMatch(/^\| per stream \| 80.5 KiB \| ≤ 64 KiB \| {2}\| MISS \|/);
    expect(rows[3]).toMatch(/^\| revision \| 900 ms; throughput 29,157 rows\/s \| ≤ 1,000 ms \|/);
  });
});
