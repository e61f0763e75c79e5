import { composeLineNumber } from '../../../schemas/entities/project-rules';
import { drawingNumber, drawingOf } from './areas';
import type { Equipment } from './equipment';
import type { Random } from './random';

export type Line = {
  /** The number the engine composes (size-service-area-sequence-spec), by which instruments name their line. */
  line_number: string;
  area: string;
  size_mm: number;
  service_code: string;
  sequence: number;
  pipe_spec: string;
  from_tag: string | null;
  to_tag: string | null;
  fluid: string;
  phase: 'liquid' | 'gas' | 'two_phase';
  operating_pressure_kpag: string;
  design_pressure_kpag: string;
  operating_temperature_c: string;
  design_temperature_c: string;
  insulation: string | null;
  pid: string;
};

/** Services of the line list: code, fluid, phase, operating temperature range (°C), pipe specs (L: low-temperature, S: stainless). */
type Service = { code: string; fluid: string; phase: Line['phase']; t: [number, number]; specs: readonly string[] };
const SERVICES: readonly Service[] = [
  { code: 'NG', fluid: 'Natural gas', phase: 'gas', t: [10, 60], specs: ['B1', 'D1'] },
  { code: 'HC', fluid: 'Hydrocarbon condensate', phase: 'liquid', t: [5, 80], specs: ['B1', 'B3'] },
  { code: 'MR', fluid: 'Mixed refrigerant', phase: 'two_phase', t: [-160, 40], specs: ['C1L', 'D2L'] },
  { code: 'PR', fluid: 'Propane refrigerant', phase: 'two_phase', t: [-40, 45], specs: ['B2L'] },
  { code: 'LNG', fluid: 'LNG', phase: 'liquid', t: [-163, -150], specs: ['C1S', 'C2S'] },
  { code: 'BOG', fluid: 'Boil-off gas', phase: 'gas', t: [-150, 30], specs: ['C1S'] },
  { code: 'AM', fluid: 'Amine', phase: 'liquid', t: [40, 120], specs: ['A1S'] },
  { code: 'FG', fluid: 'Fuel gas', phase: 'gas', t: [20, 60], specs: ['A1'] },
  { code: 'FL', fluid: 'Flare gas', phase: 'gas', t: [-60, 150], specs: ['A2L'] },
  { code: 'CW', fluid: 'Cooling water', phase: 'liquid', t: [25, 45], specs: ['A3'] },
  { code: 'IA', fluid: 'Instrument air', phase: 'gas', t: [15, 40], specs: ['A1G'] },
  { code: 'N', fluid: 'Nitrogen', phase: 'gas', t: [15, 40], specs: ['A1'] },
  { code: 'HO', fluid: 'Hot oil', phase: 'liquid', t: [150, 280], specs: ['B5'] },
];
const SIZES = [15, 25, 40, 50, 80, 100, 150, 200, 250, 300, 400, 500, 600, 750, 900];

/**
 * Exactly `count` lines of one area (sequence 1, 2... so each composes a number of its own), each between
 * two equipment items of the area when it has any; cold lines insulated. Design conditions are kept at or
 * above the operating ones, as the line list's rules ask.
 */
export function areaLines(
  random: Random,
  area: string,
  count: number,
  equipment: readonly Equipment[],
  pids: number,
): Line[] {
  return Array.from({ length: count }, (_, i) => {
    const service = random.pick(SERVICES);
    const size_mm = random.pick(SIZES);
    const pipe_spec = random.pick(service.specs);
    const sequence = i + 1;
    const operatingT = random.int(service.t[0], service.t[1]);
    const operatingP = random.int(50, 9000);
    const from = equipment.length > 0 ? random.pick(equipment).tagno : null;
    const to = equipment.length > 0 ? random.pick(equipment).tagno : null;
    const values = { size_mm, service_code: service.code, sequence, pipe_spec };
    return {
      line_number: composeLineNumber(values, () => area) as string,
      area,
      ...values,
      from_tag: from,
      to_tag: to === from ? null : to,
      fluid: service.fluid,
      phase: service.phase,
      operating_pressure_kpag: operatingP.toFixed(2),
      design_pressure_kpag: (Math.ceil((operatingP * 1.1) / 50) * 50).toFixed(2),
      operating_temperature_c: operatingT.toFixed(2),
      design_temperature_c: (operatingT + 30).toFixed(2),
      insulation: operatingT < 0 ? 'PIR cold' : operatingT > 60 ? 'Mineral wool' : null,
      pid: drawingNumber(area, 'PID', drawingOf(i, count, pids)),
    };
  });
}
