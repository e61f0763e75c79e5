/**
 * DEXPI classes in the project's terms: an equipment class (ComponentClass, e.g. CentrifugalPump) gives
 * the equipment list's type code and, where the catalogue has one, its item category; tags and drawing
 * numbers are written the way the lists take them (capitals, no spaces).
 */

type ClassRule = { pattern: RegExp; type: string; categories: string[] };

/** First match wins: specific classes before the general ones they contain (CentrifugalPump before Pump). */
const CLASS_RULES: ClassRule[] = [
  { pattern: /CentrifugalPump/i, type: 'PP', categories: ['ME.PMP.CEN', 'ME.PMP'] },
  {
    pattern: /(Reciprocating|Rotary|Displacement|Diaphragm|Screw|Gear|Piston|Plunger).*Pump/i,
    type: 'PP',
    categories: ['ME.PMP.PD', 'ME.PMP'],
  },
  { pattern: /SlurryPump/i, type: 'PP', categories: ['ME.PMP.SLR', 'ME.PMP'] },
  { pattern: /Pump/i, type: 'PP', categories: ['ME.PMP'] },
  { pattern: /HeatExchanger|Cooler|Heater|Condenser|Reboiler|Evaporator/i, type: 'HX', categories: [] },
  { pattern: /Agitator|Mixer|Stirrer/i, type: 'AG', categories: ['ME.TNK.AGI', 'ME.TNK'] },
  { pattern: /PressureVessel|Vessel|Drum|Separator/i, type: 'VS', categories: ['ME.TNK.PRV', 'ME.TNK'] },
  { pattern: /Tank|Silo|Container|Bin|Hopper/i, type: 'TK', categories: ['ME.TNK'] },
  { pattern: /Column|Tower/i, type: 'CL', categories: [] },
  { pattern: /Compressor/i, type: 'CP', categories: [] },
  { pattern: /Blower|Fan/i, type: 'FN', categories: [] },
  { pattern: /Conveyor/i, type: 'CV', categories: ['ME.CNV'] },
  { pattern: /Feeder/i, type: 'FE', categories: ['ME.CNV'] },
  { pattern: /Crusher/i, type: 'CR', categories: ['ME.CMN'] },
  { pattern: /Mill/i, type: 'ML', categories: ['ME.CMN'] },
  { pattern: /Cyclone/i, type: 'CY', categories: ['ME.SLS.CYC', 'ME.SLS'] },
  { pattern: /Thickener/i, type: 'TH', categories: ['ME.SLS.THK', 'ME.SLS'] },
  { pattern: /FilterPress/i, type: 'FP', categories: ['ME.SLS.FPR', 'ME.SLS'] },
  { pattern: /Filter/i, type: 'FT', categories: ['ME.SLS'] },
  { pattern: /Centrifuge/i, type: 'CF', categories: ['ME.SLS'] },
  { pattern: /Screen|Sieve/i, type: 'SC', categories: [] },
  { pattern: /Dryer/i, type: 'DR', categories: [] },
  { pattern: /Furnace|Boiler/i, type: 'FU', categories: [] },
  { pattern: /Flotation/i, type: 'FL', categories: [] },
];

/** The type code and the item category codes to try (most specific first) for a DEXPI equipment class. */
export function equipmentClassMapping(componentClass: string): { type: string | null; categories: string[] } {
  const rule = CLASS_RULES.find((r) => r.pattern.test(componentClass));
  return rule ? { type: rule.type, categories: rule.categories } : { type: null, categories: [] };
}

/** Every category code the rules may ask for (looked up once per import). */
export const MAPPED_CATEGORY_CODES = [...new Set(CLASS_RULES.flatMap((r) => r.categories))];

/** 'PlateHeatExchanger' -> 'Plate heat exchanger': the description of equipment the file gives none for. */
export function humanizeClass(componentClass: string): string {
  const words = componentClass
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A tag as the lists take it: capitals, runs of spaces as one dash ('p 101 a' -> 'P-101-A'). */
export function normalizeTag(tag: string): string {
  return tag.trim().toUpperCase().replace(/\s+/g, '-');
}

/** The line list's sequence from a DEXPI line number: the whole number, else its last run of digits. */
export function lineSequence(lineNumber: string): number | null {
  if (/^\d+$/.test(lineNumber)) return Number(lineNumber);
  const runs = lineNumber.match(/\d+/g);
  return runs ? Number(runs[runs.length - 1]) : null;
}

/** A fluid code as the line list's service code: its letters in capitals, at most four ('MNc' -> 'MNC'). */
export function serviceCode(fluidCode: string | null): string | null {
  const letters = (fluidCode ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  return letters ? letters.slice(0, 4) : null;
}

/** A piping class as the line list's pipe spec: capitals and digits only, at most eight, else none. */
export function pipeSpec(pipingClass: string | null): string | null {
  const spec = (pipingClass ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return spec && spec.length <= 8 ? spec : null;
}
