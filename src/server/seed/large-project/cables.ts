import type { Instrument } from './instruments';
import { pad, type Random } from './random';

export type Cable = {
  cable_tag: string;
  instrument: string;
  from_tag: string;
  to_tag: string;
  cable_type: 'instrument' | 'power' | 'control' | 'fibre';
  cores_size: string;
  length_m: string;
  allowance_pct: string;
  route_ref: string | null;
  glands: string;
};

export type Rack = {
  instrument: string;
  rack_ref: string;
  rack_type: 'ladder' | 'tray' | 'conduit';
  width_mm: number;
  length_m: string;
  material: 'galvanised' | 'stainless';
  area: string;
};

/** Instruments per junction box: an area's field boxes JB-305-01, JB-305-02... take twelve each. */
const PER_JUNCTION_BOX = 12;

/** The tray an instrument's cables run on: one per junction box's worth of instruments. */
export const trayOf = (area: string, indexInArea: number) =>
  `TR-${area}-${pad(Math.floor(indexInArea / PER_JUNCTION_BOX) + 1, 3)}`;

/** The cables after an instrument's first, in turn: a power supply, a control pair, a fibre (what a smart valve, an analyser or a shutdown valve needs). */
const MORE: readonly { letter: string; type: Cable['cable_type']; cores: string; to: (area: string) => string }[] = [
  { letter: 'P', type: 'power', cores: '3C x 2.5 mm2', to: (area) => `PNL-${area}-01` },
  { letter: 'C', type: 'control', cores: '2C x 1.5 mm2', to: (area) => `LCP-${area}-01` },
  { letter: 'F', type: 'fibre', cores: '12F SM', to: (area) => `RIO-${area}-01` },
];

/**
 * An instrument's `count` cables, tagged {from}-{type}-{seq} by the cable template (from the instrument,
 * numbered 01, 02...): first its signal cable to its area's junction box (a control pair for a discrete
 * signal, a screened pair otherwise), then power, control and fibre cables to the area's panels.
 */
export function instrumentCables(random: Random, instrument: Instrument, indexInArea: number, count: number): Cable[] {
  const discrete = instrument.io_type === 'DI' || instrument.io_type === 'DO';
  const route = trayOf(instrument.area, indexInArea);
  return Array.from({ length: count }, (_, i) => {
    const extra = i === 0 ? undefined : MORE[(i - 1) % MORE.length]!;
    const letter = extra?.letter ?? (discrete ? 'C' : 'I');
    return {
      cable_tag: `${instrument.tagno}-${letter}-${pad(i + 1, 2)}`,
      instrument: instrument.tagno,
      from_tag: instrument.tagno,
      to_tag:
        extra?.to(instrument.area) ?? `JB-${instrument.area}-${pad(Math.floor(indexInArea / PER_JUNCTION_BOX) + 1, 2)}`,
      cable_type: extra?.type ?? (discrete ? 'control' : 'instrument'),
      cores_size: extra?.cores ?? (discrete ? '2C x 1.5 mm2' : '1P x 1.5 mm2 OS'),
      length_m: (15 + random.next() * (extra ? 250 : 85)).toFixed(1),
      allowance_pct: '10',
      route_ref: route,
      glands: 'M20 nickel-plated brass',
    };
  });
}

/** The racking of a loop: the tray its first instrument's cables leave on, with the run's length. */
export function loopRack(random: Random, instrument: Instrument, indexInArea: number): Rack {
  const rack_type = random.pick(['tray', 'tray', 'ladder', 'conduit'] as const);
  return {
    instrument: instrument.tagno,
    rack_ref: trayOf(instrument.area, indexInArea),
    rack_type,
    width_mm: rack_type === 'conduit' ? 25 : random.pick([150, 300, 450, 600]),
    length_m: (5 + random.next() * 60).toFixed(1),
    material: random.chance(0.2) ? 'stainless' : 'galvanised',
    area: instrument.area,
  };
}
