import { areaCount, drawings, pfdCount, pidCount, planAreas, type Drawing } from './areas';
import { instrumentCables, loopRack, type Cable, type Rack } from './cables';
import { areaEquipment, type Equipment } from './equipment';
import { areaInstruments, type Instrument } from './instruments';
import { areaLines, type Line } from './lines';
import { areaLoads, areaStreams, type Load, type Stream } from './loads';
import { apportion, seededRandom } from './random';
import { checkSizes, sizesStamp, type LargeProjectSizes } from './sizes';

export const LARGE_PROJECT_NAME = 'LNG Train 3 (large demo)';
export const LARGE_PROJECT_NUMBER = 'LNG-T3-LARGE';

/** The project header, as the projects list takes it (the seed adds the base currency's id). */
export type LargeProjectHeader = {
  project_number: string;
  name: string;
  description: string;
  endusername: string;
  endusersite: string;
  enduserlocation: string;
  phase: 'fs';
  estimate_class: 3;
  rate_date: string;
  plant_type: 'fluids';
  import_mode: 0;
  is_testdata: true;
};

/**
 * A whole LNG-train project, its references written as the user sees them (area code, drawing number, tag,
 * line number) and resolved to ids when it is written (write-project.ts). Lists in the order they are written.
 */
export type LargeProject = {
  header: LargeProjectHeader;
  areas: { areacode: string; description: string; wbs_code: string }[];
  pids: Drawing[];
  pfds: Drawing[];
  equipment: Equipment[];
  lines: Line[];
  instruments: Instrument[];
  cables: Cable[];
  racking: Rack[];
  streams: Stream[];
  loads: Load[];
};

/**
 * The large project (#33 item 4): pure and deterministic (same sizes and seed, same rows), with exactly the
 * asked numbers of instruments, cables and equipment. Areas get shares of each by weight; each area has its
 * equipment (pumps in duty/standby pairs), as many lines as equipment, its instruments in loops mounted on
 * those, one rack per loop, P&IDs and PFDs by its size, streams on its PFDs and a load per motor. Cables go
 * to instruments as evenly as the numbers allow (50,000 and 150,000: three each).
 */
export function generateLargeProject(sizes: LargeProjectSizes, seed = 42): LargeProject {
  checkSizes(sizes);
  const random = seededRandom(seed);
  const areas = planAreas(random, areaCount(sizes));
  const weights = areas.map((area) => area.weight);
  const equipmentPerArea = apportion(sizes.equipment, weights);
  const instrumentsPerArea = apportion(sizes.instruments, weights);
  const cablesPerInstrument = apportion(
    sizes.cables,
    Array.from({ length: sizes.instruments }, () => 1),
  );
  const project: LargeProject = {
    header: {
      project_number: LARGE_PROJECT_NUMBER,
      name: LARGE_PROJECT_NAME,
      description: `A 5 Mtpa LNG train (test data at a real project's size). ${sizesStamp(sizes, seed)}`,
      endusername: 'Coral Bay LNG Pty Ltd',
      endusersite: 'Coral Bay LNG Train 3',
      enduserlocation: 'Karratha, Western Australia',
      phase: 'fs',
      estimate_class: 3,
      rate_date: '2025-06-30',
      plant_type: 'fluids',
      import_mode: 0,
      is_testdata: true,
    },
    areas: areas.map(({ areacode, description, wbs_code }) => ({ areacode, description, wbs_code })),
    pids: [],
    pfds: [],
    equipment: [],
    lines: [],
    instruments: [],
    cables: [],
    racking: [],
    streams: [],
    loads: [],
  };
  let cableSlot = 0;
  areas.forEach((area, a) => {
    const code = area.areacode;
    const equipmentCount = equipmentPerArea[a]!;
    const pids = pidCount(equipmentCount, instrumentsPerArea[a]!);
    const pfds = pfdCount(equipmentCount);
    project.pids.push(...drawings(random, area, 'PID', pids));
    project.pfds.push(...drawings(random, area, 'PFD', pfds));
    const equipment = areaEquipment(random, code, equipmentCount, pids);
    const lines = areaLines(random, code, equipmentCount, equipment, pids);
    const loopStarts: number[] = [];
    const instruments = areaInstruments(random, code, instrumentsPerArea[a]!, { equipment, lines, pids }, loopStarts);
    project.equipment.push(...equipment);
    project.lines.push(...lines);
    project.instruments.push(...instruments);
    instruments.forEach((instrument, i) => {
      project.cables.push(...instrumentCables(random, instrument, i, cablesPerInstrument[cableSlot++]!));
    });
    for (const start of loopStarts) project.racking.push(loopRack(random, instruments[start]!, start));
    project.streams.push(...areaStreams(random, code, equipment, pfds));
    project.loads.push(...areaLoads(code, equipment));
  });
  return project;
}
