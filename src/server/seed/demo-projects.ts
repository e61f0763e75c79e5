/**
 * Demo projects of a process and mining engineering firm. Names are fictional; the work described is typical.
 * `clientname` names a client of demo-companies.ts: the seed sets the project's client to it, and the
 * engine derives the project's client name from that client. `currency` is the base currency's code.
 * The last two are whole documents with their lists (demo-cerro-azul.ts, demo-lithium-refinery.ts).
 */
export type DemoProject = {
  project_number: string;
  name: string;
  clientname: string;
  description: string;
  endusername: string;
  endusersite: string;
  enduserlocation: string;
  phase: 'scoping' | 'pfs' | 'fs' | 'execution';
  estimate_class: 1 | 2 | 3 | 4 | 5;
  currency: string;
  rate_date: string;
  /** CAPEX's estimate date (escalation) and plant type (the Lang check); left empty on most demo projects. */
  estimate_date?: string;
  plant_type?: 'solids' | 'solids_fluids' | 'fluids';
  is_testdata: true;
};

const DEMO = { currency: 'USD', rate_date: '2025-06-30', is_testdata: true } as const;

export const demoProjects: DemoProject[] = [
  {
    project_number: 'P-2025-001',
    name: 'Pilbara Spodumene Concentrator Upgrade',
    clientname: 'Redstone Lithium Ltd',
    description: 'DMS and flotation upgrade of the concentrator from 1.5 to 2.1 Mtpa ore feed',
    endusername: 'Redstone Lithium Operations',
    endusersite: 'Mount Carrow Mine',
    enduserlocation: 'Pilbara, Western Australia',
    phase: 'execution',
    estimate_class: 2,
    ...DEMO,
  },
  {
    project_number: 'P-2025-002',
    name: 'Salar Brine DLE Pilot Plant',
    clientname: 'Andes Litio SpA',
    description: 'Direct lithium extraction pilot, ion-exchange columns and reverse osmosis, 1,000 t/y LCE',
    endusername: 'Andes Litio Operaciones',
    endusersite: 'Salar de Pocitos',
    enduserlocation: 'Salta, Argentina',
    phase: 'fs',
    estimate_class: 3,
    ...DEMO,
  },
  {
    project_number: 'P-2025-003',
    name: 'Copper Concentrator Debottleneck',
    clientname: 'Cordillera Copper Corp',
    description: 'SAG mill liner redesign, pebble crusher and rougher flotation cells for 95 ktpd throughput',
    endusername: 'Minera Cordillera',
    endusersite: 'Quebrada Blanca Concentrator',
    enduserlocation: 'Antofagasta, Chile',
    phase: 'fs',
    estimate_class: 3,
    ...DEMO,
  },
  {
    project_number: 'P-2025-004',
    name: 'Gold CIL Plant Refurbishment',
    clientname: 'Sahel Gold Mining SA',
    description: 'Replacement of CIL tank agitators, carbon regeneration kiln and elution circuit',
    endusername: 'Sahel Gold Mining SA',
    endusersite: 'Kobada Plant',
    enduserlocation: 'Koulikoro, Mali',
    phase: 'execution',
    estimate_class: 1,
    ...DEMO,
  },
  {
    project_number: 'P-2025-005',
    name: 'Nickel Sulphate Crystallisation Plant',
    clientname: 'Boreal Battery Metals Oy',
    description:
      'Greenfield battery-grade nickel sulphate refinery, 25 kt/y Ni, solvent extraction and crystallisation',
    endusername: 'Boreal Battery Metals Oy',
    endusersite: 'Kokkola Industrial Park',
    enduserlocation: 'Kokkola, Finland',
    phase: 'pfs',
    estimate_class: 4,
    ...DEMO,
  },
  {
    project_number: 'P-2025-006',
    name: 'Tailings Filtration and Dry Stack',
    clientname: 'Cordillera Copper Corp',
    description: 'Thickened tailings filter plant (8 x 2.5 m plate presses) and conveyor to the dry stack facility',
    endusername: 'Minera Cordillera',
    endusersite: 'Quebrada Blanca TSF',
    enduserlocation: 'Antofagasta, Chile',
    phase: 'scoping',
    estimate_class: 5,
    ...DEMO,
  },
  {
    project_number: 'P-2025-007',
    name: 'Cerro Azul Copper Concentrator',
    clientname: 'Cordillera Copper Corp',
    description:
      '30 kt/d copper concentrator: primary gyratory crusher, SAG mill and two ball mills, rougher and cleaner flotation with regrind, concentrate thickening and filtration, tailings thickening, process water',
    endusername: 'Minera Cordillera',
    endusersite: 'Cerro Azul',
    enduserlocation: 'Región de Atacama, Chile',
    phase: 'pfs',
    estimate_class: 4,
    ...DEMO,
    // A concentrator is solids processing (Lang 3.1); its estimate is stated at the end of 2026.
    estimate_date: '2026-12-31',
    plant_type: 'solids',
  },
  {
    project_number: 'P-2025-008',
    name: 'Kwinana Lithium Hydroxide Refinery',
    clientname: 'Redstone Lithium Ltd',
    description:
      '25 kt/a battery-grade lithium hydroxide monohydrate from spodumene concentrate: calcination, acid roast, leach, impurity removal, causticisation and crystallisation',
    endusername: 'Redstone Lithium Operations',
    endusersite: 'Kwinana Refinery',
    enduserlocation: 'Kwinana, Western Australia',
    phase: 'fs',
    estimate_class: 3,
    ...DEMO,
    plant_type: 'solids_fluids',
  },
];
