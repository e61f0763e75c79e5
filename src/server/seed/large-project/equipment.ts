import { drawingNumber, drawingOf } from './areas';
import { pad, type Random } from './random';

export type Equipment = {
  tagno: string;
  area: string;
  description: string;
  type_code: string;
  quantity: number;
  installed_kw: string | null;
  absorbed_kw: string | null;
  duty_role: 'duty' | 'standby';
  /** A standby: the duty tag it backs up (written after the duty rows, so the id exists). */
  standby_for: string | null;
  running: boolean;
  pid: string;
  status: 'in_design' | 'issued_for_quote' | 'awarded' | 'ordered';
};

/** Kinds of equipment of an LNG train: type code, noun, motor sizes (none: no motor), how often, and whether it comes as a duty/standby pair. */
type Kind = { type: string; noun: string; kw: readonly [number, number] | null; weight: number; paired: boolean };
const KINDS: readonly Kind[] = [
  { type: 'PP', noun: 'pump', kw: [5.5, 900], weight: 30, paired: true },
  { type: 'CP', noun: 'compressor', kw: [250, 8000], weight: 3, paired: false },
  { type: 'AC', noun: 'air cooler', kw: [15, 200], weight: 10, paired: false },
  { type: 'BL', noun: 'blower', kw: [30, 400], weight: 3, paired: true },
  { type: 'AG', noun: 'agitator', kw: [5.5, 75], weight: 3, paired: false },
  { type: 'PK', noun: 'package', kw: [11, 500], weight: 4, paired: false },
  { type: 'HT', noun: 'electric heater', kw: [30, 1600], weight: 2, paired: false },
  { type: 'HX', noun: 'exchanger', kw: null, weight: 14, paired: false },
  { type: 'VS', noun: 'vessel', kw: null, weight: 10, paired: false },
  { type: 'DR', noun: 'knock-out drum', kw: null, weight: 6, paired: false },
  { type: 'CL', noun: 'column', kw: null, weight: 2, paired: false },
  { type: 'TK', noun: 'tank', kw: null, weight: 4, paired: false },
  { type: 'FL', noun: 'filter', kw: null, weight: 6, paired: false },
];
const TOTAL_WEIGHT = KINDS.reduce((sum, kind) => sum + kind.weight, 0);

export const SERVICES = [
  'Feed gas',
  'Lean amine',
  'Rich amine',
  'Regeneration gas',
  'Condensate',
  'Propane refrigerant',
  'Mixed refrigerant',
  'LNG rundown',
  'Boil-off gas',
  'Fuel gas',
  'Cooling water',
  'Demineralised water',
  'Instrument air',
  'Nitrogen',
  'Flare gas',
  'Hot oil',
  'Closed drain',
  'Firewater',
  'Ethane',
  'Butane',
] as const;

/** IEC motor ratings (kW): a motor is sized to the next rating up. */
const MOTOR_RATINGS = [
  5.5, 7.5, 11, 15, 18.5, 22, 30, 37, 45, 55, 75, 90, 110, 132, 160, 200, 250, 315, 355, 400, 450, 500, 560, 630, 710,
  800, 900, 1000, 1250, 1600, 2000, 2500, 3150, 4000, 5000, 6300, 8000,
];

function pickKind(random: Random): Kind {
  let roll = random.next() * TOTAL_WEIGHT;
  for (const kind of KINDS) if ((roll -= kind.weight) < 0) return kind;
  return KINDS[0]!;
}

/** A motor rating within the kind's range (log-uniform: small motors are many) and what it absorbs at duty (60-90 %). */
function motor(random: Random, [low, high]: readonly [number, number]): { installed: string; absorbed: string } {
  const wanted = Math.exp(Math.log(low) + random.next() * (Math.log(high) - Math.log(low)));
  const rating = MOTOR_RATINGS.find((r) => r >= wanted) ?? high;
  return { installed: rating.toFixed(2), absorbed: (rating * (0.6 + random.next() * 0.3)).toFixed(2) };
}

/**
 * Exactly `count` equipment rows of one area, tagged {area}-{type}-{seq}{suffix} (the project's equipment
 * template): pumps and blowers mostly as duty/standby pairs (A duty, B standby and not running, the same
 * motor), the rest single. P&ID sheets follow the tag order.
 */
export function areaEquipment(random: Random, area: string, count: number, pids: number): Equipment[] {
  const rows: Equipment[] = [];
  const seqByType = new Map<string, number>();
  while (rows.length < count) {
    const kind = pickKind(random);
    const seq = (seqByType.get(kind.type) ?? 0) + 1;
    seqByType.set(kind.type, seq);
    const pair = kind.paired && count - rows.length >= 2 && random.chance(0.85);
    const power = kind.kw ? motor(random, kind.kw) : null;
    const service = random.pick(SERVICES);
    const tag = `${area}-${kind.type}-${pad(seq, 3)}`;
    const base = {
      area,
      type_code: kind.type,
      quantity: 1,
      installed_kw: power?.installed ?? null,
      absorbed_kw: power?.absorbed ?? null,
      pid: drawingNumber(area, 'PID', drawingOf(rows.length, count, pids)),
      status: random.pick(['in_design', 'in_design', 'issued_for_quote', 'awarded', 'ordered'] as const),
    };
    const description = `${service} ${kind.noun}`;
    if (pair) {
      rows.push({ ...base, tagno: `${tag}A`, description, duty_role: 'duty', standby_for: null, running: true });
      rows.push({
        ...base,
        tagno: `${tag}B`,
        description: `${description} (standby)`,
        duty_role: 'standby',
        standby_for: `${tag}A`,
        running: false,
      });
    } else rows.push({ ...base, tagno: tag, description, duty_role: 'duty', standby_for: null, running: true });
  }
  return rows;
}
