/**
 * Demo cost indices (issue #29 item 8): ILLUSTRATIVE values in the shape of a published plant cost index
 * (CEPCI-like, by month), made up for the demo and marked as such in each row's source; not a published
 * figure. Straight lines, so an escalation can be checked by hand:
 *   - all categories, 2023-01 to 2026-12: 800.0 rising 1.5 a month (2025-06: 800 + 29 x 1.5 = 843.5;
 *     2026-12: 870.5);
 *   - pumps (ME.PMP and the categories under it), 2024-01 to 2026-12: 100.0 rising 0.4 a month;
 *   - crushing and milling (ME.CMN), 2025-01 to 2026-06 only: 200.0 rising 1.0 a month, so a later estimate
 *     date shows the "latest month before" rule (2026-06's 217.0 stands for every later month).
 */
export const DEMO_INDEX_SOURCE = 'Demo values, not a published index';

type Series = { category: string | null; from: string; months: number; start: number; step: number };
const SERIES: Series[] = [
  { category: null, from: '2023-01', months: 48, start: 800, step: 1.5 },
  { category: 'ME.PMP', from: '2024-01', months: 36, start: 100, step: 0.4 },
  { category: 'ME.CMN', from: '2025-01', months: 18, start: 200, step: 1 },
];

/** The first of the month `offset` months after `from` ('2023-01'), as YYYY-MM-01. */
function monthAfter(from: string, offset: number): string {
  const [year, month] = from.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

export const demoCostIndices: { category: string | null; month: string; index_value: string }[] = SERIES.flatMap((s) =>
  Array.from({ length: s.months }, (_, i) => ({
    category: s.category,
    month: monthAfter(s.from, i),
    index_value: (s.start + s.step * i).toFixed(4),
  })),
);
