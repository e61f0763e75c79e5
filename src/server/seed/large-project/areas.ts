import { pad, type Random } from './random';
import type { LargeProjectSizes } from './sizes';

/** The units of an LNG train, in process order, then its utilities and offsites: an area each, numbered 301, 302... */
const UNITS = [
  'Inlet facilities and slug catcher',
  'Condensate stabilisation',
  'Acid gas removal (amine)',
  'Amine regeneration',
  'Dehydration (molecular sieve)',
  'Mercury removal',
  'NGL extraction',
  'Deethaniser',
  'Depropaniser',
  'Debutaniser',
  'Propane precooling',
  'Mixed refrigerant compression',
  'Main cryogenic heat exchanger',
  'Nitrogen rejection',
  'End flash and boil-off gas',
  'LNG rundown',
  'Refrigerant storage',
  'LNG storage tanks',
  'LNG loading',
  'Condensate storage and export',
  'Fuel gas',
  'Hot oil system',
  'Cooling water',
  'Seawater intake',
  'Demineralised water',
  'Instrument and plant air',
  'Nitrogen generation',
  'Flare and relief',
  'Closed drains',
  'Open drains and effluent treatment',
  'Firewater',
  'Power generation',
  'Main substation',
  'Diesel and fuel oil',
  'Chemical injection',
  'Waste heat recovery',
  'Potable water',
  'Jetty utilities',
  'Control room and buildings',
  'Laboratory and workshops',
] as const;

export type AreaPlan = { areacode: string; description: string; wbs_code: string; weight: number };
export type Drawing = {
  drawing_number: string;
  title: string;
  sheet: number;
  revision: string;
  status: 'IFR' | 'IFA' | 'IFC';
  area: string;
};

/** 20 to 40 areas: more for a larger project (one per 2,000 tags), at least 20 even for a small one. */
export function areaCount(sizes: LargeProjectSizes): number {
  return Math.min(UNITS.length, Math.max(20, Math.ceil((sizes.instruments + sizes.equipment) / 2000)));
}

/** The areas, each with a weight (how much of the plant sits in it: the compression and the cryogenic units more than the laboratory). */
export function planAreas(random: Random, count: number): AreaPlan[] {
  return UNITS.slice(0, count).map((description, i) => ({
    areacode: String(301 + i),
    description,
    wbs_code: `LNG3.${pad(i + 1, 2)}`,
    weight: 0.5 + random.next(),
  }));
}

/** A drawing number of the train: LNG3-305-PID-012. */
export const drawingNumber = (area: string, kind: 'PID' | 'PFD', n: number) => `LNG3-${area}-${kind}-${pad(n, 3)}`;

/** P&IDs of an area: one per ~25 items on it (an equipment item, or a loop's worth of instruments), at least one. */
export function pidCount(equipment: number, instruments: number): number {
  return Math.max(1, Math.ceil((equipment + instruments / 6) / 25));
}

/** PFDs of an area: one per 200 equipment items, at least one. */
export const pfdCount = (equipment: number) => 1 + Math.floor(equipment / 200);

export function drawings(random: Random, area: AreaPlan, kind: 'PID' | 'PFD', count: number): Drawing[] {
  return Array.from({ length: count }, (_, i) => ({
    drawing_number: drawingNumber(area.areacode, kind, i + 1),
    title: `${area.description}${count > 1 ? `, sheet ${i + 1} of ${count}` : ''}`,
    sheet: 1,
    revision: random.pick(['A', 'B', 'C', '0']),
    status: random.pick(['IFR', 'IFA', 'IFC'] as const),
    area: area.areacode,
  }));
}

/** Which of `count` drawings the `i`th of `n` items of an area is on: items in order, sheet by sheet. */
export const drawingOf = (i: number, n: number, count: number) =>
  Math.min(count, Math.floor((i * count) / Math.max(n, 1)) + 1);
