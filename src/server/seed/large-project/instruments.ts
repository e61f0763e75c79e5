import { drawingNumber, drawingOf } from './areas';
import type { Equipment } from './equipment';
import type { Line } from './lines';
import type { Random } from './random';

export type IoType = 'AI' | 'AO' | 'DI' | 'DO' | 'COMMS';
type Signal = '4-20mA' | 'HART' | 'Profibus' | 'EtherNet/IP' | '24VDC';

export type Instrument = {
  tagno: string;
  area: string;
  letters: string;
  loop_number: string;
  service: string;
  io_type: IoType | null;
  signal: Signal | null;
  range_low: string | null;
  range_high: string | null;
  range_unit: string | null;
  alarm_h: string | null;
  alarm_hh: string | null;
  /** Mounted on: an equipment tag, or a line by its number (or neither). */
  equipment: string | null;
  line: string | null;
  pid: string;
  status: 'in_design' | 'specified' | 'quoted' | 'ordered';
};

/** One instrument of a loop: ISA letters, I/O, signal, and the range it measures (none for an element or a switch). */
type Member = { letters: string; io: IoType | null; signal: Signal | null; range?: [number, number, string] };
/** A typical loop: its members in order, what it is mounted on, and its service words. */
type LoopKind = { members: readonly Member[]; on: 'line' | 'equipment'; what: string; weight: number };

const LOOPS: readonly LoopKind[] = [
  {
    what: 'flow control',
    on: 'line',
    weight: 24,
    members: [
      { letters: 'FE', io: null, signal: null },
      { letters: 'FIT', io: 'AI', signal: 'HART', range: [0, 500, 'm3/h'] },
      { letters: 'FV', io: 'AO', signal: 'HART' },
    ],
  },
  {
    what: 'pressure control',
    on: 'line',
    weight: 18,
    members: [
      { letters: 'PIT', io: 'AI', signal: 'HART', range: [0, 10000, 'kPag'] },
      { letters: 'PV', io: 'AO', signal: 'HART' },
    ],
  },
  {
    what: 'level control',
    on: 'equipment',
    weight: 16,
    members: [
      { letters: 'LIT', io: 'AI', signal: 'HART', range: [0, 100, '%'] },
      { letters: 'LSHH', io: 'DI', signal: '24VDC' },
      { letters: 'LSLL', io: 'DI', signal: '24VDC' },
      { letters: 'LV', io: 'AO', signal: 'HART' },
    ],
  },
  {
    what: 'temperature',
    on: 'line',
    weight: 16,
    members: [
      { letters: 'TE', io: null, signal: null },
      { letters: 'TIT', io: 'AI', signal: 'HART', range: [-200, 300, 'degC'] },
    ],
  },
  {
    what: 'differential pressure',
    on: 'equipment',
    weight: 6,
    members: [{ letters: 'PDIT', io: 'AI', signal: 'HART', range: [0, 250, 'kPa'] }],
  },
  {
    what: 'shutdown valve',
    on: 'line',
    weight: 10,
    members: [
      { letters: 'XV', io: 'DO', signal: '24VDC' },
      { letters: 'ZSO', io: 'DI', signal: '24VDC' },
      { letters: 'ZSC', io: 'DI', signal: '24VDC' },
    ],
  },
  {
    what: 'analyser',
    on: 'line',
    weight: 4,
    members: [
      { letters: 'AE', io: null, signal: null },
      { letters: 'AIT', io: 'COMMS', signal: 'Profibus', range: [0, 100, 'mol%'] },
    ],
  },
  {
    what: 'vibration',
    on: 'equipment',
    weight: 6,
    members: [
      { letters: 'VE', io: null, signal: null },
      { letters: 'VIT', io: 'COMMS', signal: 'EtherNet/IP', range: [0, 25, 'mm/s'] },
    ],
  },
];
const TOTAL_WEIGHT = LOOPS.reduce((sum, loop) => sum + loop.weight, 0);

/** Every ISA letter combination the generator writes (the unit test checks them against the schema's rule). */
export const ALL_LETTERS = LOOPS.flatMap((loop) => loop.members.map((m) => m.letters));

function pickLoop(random: Random): LoopKind {
  let roll = random.next() * TOTAL_WEIGHT;
  for (const loop of LOOPS) if ((roll -= loop.weight) < 0) return loop;
  return LOOPS[0]!;
}

/** The first loop number of an area: loops run 1001, 1002... (the template's {loop} takes 2 to 5 digits). */
const FIRST_LOOP = 1001;

/**
 * Exactly `count` instruments of one area, loop by loop (the last loop cut short when the count ends
 * mid-loop), tagged {area}-{letters}-{loop} by the project's instrument template. A loop sits on an
 * equipment item or a line of its area as its kind says (the other when the area has none of that kind),
 * on that item's P&ID. `loopStarts` receives the index of each loop's first instrument (its racking).
 */
export function areaInstruments(
  random: Random,
  area: string,
  count: number,
  mounts: { equipment: readonly Equipment[]; lines: readonly Line[]; pids: number },
  loopStarts: number[] = [],
): Instrument[] {
  const rows: Instrument[] = [];
  for (let loop = FIRST_LOOP; rows.length < count; loop += 1) {
    const kind = pickLoop(random);
    const onEquipment =
      mounts.equipment.length > 0 && (kind.on === 'equipment' || mounts.lines.length === 0)
        ? random.pick(mounts.equipment)
        : null;
    const onLine = !onEquipment && mounts.lines.length > 0 ? random.pick(mounts.lines) : null;
    const service = `${onEquipment?.description ?? onLine?.fluid ?? 'Process'} ${kind.what}`;
    const pid =
      onEquipment?.pid ?? onLine?.pid ?? drawingNumber(area, 'PID', drawingOf(rows.length, count, mounts.pids));
    const status = random.pick(['in_design', 'specified', 'quoted', 'ordered'] as const);
    loopStarts.push(rows.length);
    for (const member of kind.members) {
      if (rows.length === count) break;
      const [low, high, unit] = member.range ?? [];
      const span = high !== undefined && low !== undefined ? high - low : 0;
      rows.push({
        tagno: `${area}-${member.letters}-${loop}`,
        area,
        letters: member.letters,
        loop_number: String(loop),
        service,
        io_type: member.io,
        signal: member.signal,
        range_low: low === undefined ? null : low.toFixed(3),
        range_high: high === undefined ? null : high.toFixed(3),
        range_unit: unit ?? null,
        alarm_h: low === undefined ? null : (low + span * 0.85).toFixed(3),
        alarm_hh: low === undefined ? null : (low + span * 0.95).toFixed(3),
        equipment: onEquipment?.tagno ?? null,
        line: onLine?.line_number ?? null,
        pid,
        status,
      });
    }
  }
  return rows;
}
