import { describe, expect, it } from 'vitest';
import { isaLettersValid } from '../../src/schemas/entities/project-rules';
import { tagTemplateWarning } from '../../src/schemas/entities/tag-templates';
import { generateLargeProject, type LargeProject } from '../../src/server/seed/large-project/generate';
import { ALL_LETTERS } from '../../src/server/seed/large-project/instruments';
import { apportion, inBatches } from '../../src/server/seed/large-project/random';
import { BATCH_ROWS, FULL_SIZE, parseSeedProjectArgs } from '../../src/server/seed/large-project/sizes';

/**
 * The large project's generator (#33 item 4) is pure: the same sizes and seed make the same rows, the
 * counts are exactly those asked for at any size (0, 1, around a batch), and every row is one the engine
 * accepts without a warning (tags by the default templates, ISA letters, the lists' rules, references).
 */
const EQUIPMENT_TEMPLATE = '{area}-{type}-{seq}{suffix}';
const INSTRUMENT_TEMPLATE = '{area}-{letters}-{loop}{suffix}';
const CABLE_TEMPLATE = '{from}-{type}-{seq}';

function expectConsistent(project: LargeProject): void {
  const areas = new Set(project.areas.map((a) => a.areacode));
  const pids = new Set(project.pids.map((d) => d.drawing_number));
  const pfds = new Set(project.pfds.map((d) => d.drawing_number));
  const equipment = new Map(project.equipment.map((e) => [e.tagno, e]));
  const lines = new Set(project.lines.map((l) => l.line_number));
  const instruments = new Set(project.instruments.map((i) => i.tagno));
  expect(equipment.size, 'equipment tags are unique').toBe(project.equipment.length);
  expect(lines.size, 'line numbers are unique').toBe(project.lines.length);
  expect(instruments.size, 'instrument tags are unique').toBe(project.instruments.length);
  expect(new Set(project.cables.map((c) => c.cable_tag)).size, 'cable tags are unique').toBe(project.cables.length);
  expect(new Set(project.loads.map((l) => l.load_tag)).size).toBe(project.loads.length);
  for (const row of project.equipment) {
    expect(areas.has(row.area) && pids.has(row.pid)).toBe(true);
    expect(tagTemplateWarning(row.tagno, EQUIPMENT_TEMPLATE, { area: row.area, type: row.type_code })).toBeNull();
    if (row.installed_kw !== null) expect(Number(row.absorbed_kw)).toBeLessThanOrEqual(Number(row.installed_kw));
    if (row.standby_for !== null) {
      expect(row).toMatchObject({ duty_role: 'standby', running: false });
      expect(equipment.get(row.standby_for)?.duty_role).toBe('duty');
    }
  }
  for (const row of project.lines) {
    expect(Number(row.design_pressure_kpag)).toBeGreaterThanOrEqual(Number(row.operating_pressure_kpag));
    expect(Number(row.design_temperature_c)).toBeGreaterThanOrEqual(Number(row.operating_temperature_c));
  }
  for (const row of project.instruments) {
    expect(isaLettersValid(row.letters), row.letters).toBe(true);
    const values = { area: row.area, letters: row.letters, loop: row.loop_number };
    expect(tagTemplateWarning(row.tagno, INSTRUMENT_TEMPLATE, values)).toBeNull();
    if (row.equipment !== null) expect(equipment.has(row.equipment)).toBe(true);
    if (row.line !== null) expect(lines.has(row.line)).toBe(true);
    expect(pids.has(row.pid)).toBe(true);
  }
  for (const row of project.cables) {
    expect(instruments.has(row.instrument) && row.from_tag === row.instrument).toBe(true);
    expect(tagTemplateWarning(row.cable_tag, CABLE_TEMPLATE, { from: row.from_tag, type: null })).toBeNull();
  }
  for (const row of project.racking) expect(instruments.has(row.instrument)).toBe(true);
  for (const row of project.streams) {
    expect(pfds.has(row.pfd) && equipment.has(row.from) && equipment.has(row.to)).toBe(true);
  }
  const motors = project.equipment.filter((e) => e.installed_kw !== null).map((e) => e.tagno);
  expect(project.loads.map((l) => l.equipment).sort()).toEqual(motors.sort());
}

const counts = (project: LargeProject) => ({
  instruments: project.instruments.length,
  cables: project.cables.length,
  equipment: project.equipment.length,
});

describe('the large project generator', () => {
  it('makes the same project from the same seed, and another from another seed', () => {
    const sizes = { instruments: 700, cables: 2_100, equipment: 210 };
    expect(generateLargeProject(sizes, 7)).toEqual(generateLargeProject(sizes, 7));
    expect(generateLargeProject(sizes, 8).equipment).not.toEqual(generateLargeProject(sizes, 7).equipment);
  });

  it.each([
    { instruments: 0, cables: 0, equipment: 0 },
    { instruments: 1, cables: 0, equipment: 0 },
    { instruments: 1, cables: 1, equipment: 1 },
    { instruments: 0, cables: 0, equipment: 1 },
    { instruments: 1, cables: 7, equipment: 2 },
    { instruments: 2_001, cables: 6_007, equipment: 603 },
    { instruments: BATCH_ROWS - 1, cables: BATCH_ROWS, equipment: 41 },
    { instruments: BATCH_ROWS + 1, cables: BATCH_ROWS * 3 + 1, equipment: BATCH_ROWS - 1 },
  ])('makes exactly the rows asked for, every one acceptable: %o', (sizes) => {
    const project = generateLargeProject(sizes);
    expect(counts(project)).toEqual(sizes);
    expect(project.areas.length).toBeGreaterThanOrEqual(20);
    expect(project.areas.length).toBeLessThanOrEqual(40);
    expectConsistent(project);
  });

  it('writes only ISA letter combinations the schema accepts', () => {
    for (const letters of ALL_LETTERS) expect(isaLettersValid(letters), letters).toBe(true);
  });

  it('refuses cables without instruments', () => {
    expect(() => generateLargeProject({ instruments: 0, cables: 1, equipment: 5 })).toThrow(
      /Cables belong to instruments/,
    );
  });

  it('cuts rows into batches of at most the batch size, none lost, at the batch size and either side of it', () => {
    for (const n of [0, 1, BATCH_ROWS - 1, BATCH_ROWS, BATCH_ROWS + 1, 2 * BATCH_ROWS + 7]) {
      const rows = Array.from({ length: n }, (_, i) => i);
      const batches = inBatches(rows, BATCH_ROWS);
      expect(batches.flat()).toEqual(rows);
      expect(batches.length).toBe(Math.ceil(n / BATCH_ROWS));
      expect(batches.every((batch) => batch.length >= 1 && batch.length <= BATCH_ROWS)).toBe(true);
    }
    expect(() => inBatches([1], 0)).toThrow();
  });

  it('shares a total out exactly, by weight', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(0, [2, 1])).toEqual([0, 0]);
    expect(
      apportion(
        150_000,
        Array.from({ length: 50_000 }, () => 1),
      ).every((n) => n === 3),
    ).toBe(true);
    expect(apportion(5, [])).toEqual([]);
  });

  it('reads its sizes from the command line: the issue numbers by default, a share by --scale, a flag beating it', () => {
    expect(parseSeedProjectArgs([])).toEqual({ sizes: FULL_SIZE, seed: 42 });
    expect(parseSeedProjectArgs(['--scale', '0.1']).sizes).toEqual({
      instruments: 5_000,
      cables: 15_000,
      equipment: 1_500,
    });
    expect(parseSeedProjectArgs(['--scale=0.1', '--cables', '10', '--seed', '3'])).toEqual({
      sizes: { instruments: 5_000, cables: 10, equipment: 1_500 },
      seed: 3,
    });
    expect(() => parseSeedProjectArgs(['--instruments', '-1'])).toThrow(/--instruments must be a whole number/);
    expect(() => parseSeedProjectArgs(['--bogus'])).toThrow(/Unknown argument/);
    expect(() => parseSeedProjectArgs(['--scale'])).toThrow(/needs a value/);
    expect(() => parseSeedProjectArgs(['--instruments', '0'])).toThrow(/Cables belong to instruments/);
  });
});
