import { drawingNumber } from './areas';
import type { Equipment } from './equipment';
import { pad, type Random } from './random';

export type Load = {
  load_tag: string;
  description: string;
  area: string;
  equipment: string;
  mcc: string;
  feeder: string;
  voltage: '400' | '6600';
  running: boolean;
  load_factor: string;
};

export type Stream = {
  stream_number: string;
  description: string;
  pfd: string;
  from: string;
  to: string;
  mass_flow_tph: string;
  vol_flow_m3h: string;
  temperature_c: string;
  pressure_kpa: string;
};

/** Feeders per MCC section: an area's motors fill MCC-305-01, then MCC-305-02... */
const FEEDERS_PER_MCC = 60;

/**
 * The electrical load list of an area: one load per motor-driven equipment row (its tag + '-M'), fed from
 * the area's MCCs in tag order, at 6.6 kV from 200 kW up and 400 V below; a standby is connected but not
 * running (as the demo documents do it, seed-projects.ts).
 */
export function areaLoads(area: string, equipment: readonly Equipment[]): Load[] {
  const motors = equipment.filter((row) => row.installed_kw !== null).sort((a, b) => (a.tagno < b.tagno ? -1 : 1));
  return motors.map((row, i) => ({
    load_tag: `${row.tagno}-M`,
    description: `${row.description} motor`,
    area,
    equipment: row.tagno,
    mcc: `MCC-${area}-${pad(Math.floor(i / FEEDERS_PER_MCC) + 1, 2)}`,
    feeder: `F${pad((i % FEEDERS_PER_MCC) + 1, 2)}`,
    voltage: Number(row.installed_kw) >= 200 ? '6600' : '400',
    running: row.running,
    load_factor: '0.85',
  }));
}

/** Streams per PFD: the mass balance's main streams between the area's equipment. */
const STREAMS_PER_PFD = 8;

/** The streams of an area: on each of its PFDs, between equipment items taken in tag order (none without two items). */
export function areaStreams(random: Random, area: string, equipment: readonly Equipment[], pfds: number): Stream[] {
  if (equipment.length < 2) return [];
  return Array.from({ length: pfds * STREAMS_PER_PFD }, (_, i) => {
    const from = equipment[(i * 2) % equipment.length]!;
    const to = equipment[(i * 2 + 1) % equipment.length]!;
    const mass = 5 + random.next() * 800;
    const density = 0.45 + random.next() * 0.55;
    return {
      stream_number: `${area}-S${pad(i + 1, 3)}`,
      description: `${from.description} to ${to.description}`.slice(0, 200),
      pfd: drawingNumber(area, 'PFD', Math.floor(i / STREAMS_PER_PFD) + 1),
      from: from.tagno,
      to: to.tagno,
      mass_flow_tph: mass.toFixed(1),
      vol_flow_m3h: (mass / density).toFixed(1),
      temperature_c: (-160 + random.next() * 300).toFixed(1),
      pressure_kpa: (100 + random.next() * 8000).toFixed(1),
    };
  });
}
