/**
 * Demo data of a process and mining engineering firm: the 3-tier item categories, and illustrative
 * currency rates. All of it is labelled as demo data where a figure could be mistaken for a fact.
 */

/** [code, name, description?] per tier; a code's parent is the code without its last segment. */
export const demoItemCategories: [code: string, name: string][] = [
  ['ME', 'Mechanical equipment'],
  ['ME.PMP', 'Pumps'],
  ['ME.PMP.CEN', 'Centrifugal process pumps'],
  ['ME.PMP.SLR', 'Slurry pumps'],
  ['ME.PMP.PD', 'Positive displacement pumps'],
  ['ME.CNV', 'Conveyors and feeders'],
  ['ME.CNV.BLT', 'Belt conveyors'],
  ['ME.CNV.APF', 'Apron feeders'],
  ['ME.CNV.SCR', 'Screw conveyors'],
  ['ME.CMN', 'Crushing and milling'],
  ['ME.CMN.CON', 'Cone crushers'],
  ['ME.CMN.SAG', 'SAG mills'],
  ['ME.CMN.BAL', 'Ball mills'],
  ['ME.TNK', 'Tanks and vessels'],
  ['ME.TNK.AGI', 'Agitated tanks'],
  ['ME.TNK.PRV', 'Pressure vessels'],
  ['ME.SLS', 'Solid-liquid separation'],
  ['ME.SLS.THK', 'Thickeners'],
  ['ME.SLS.FPR', 'Filter presses'],
  ['ME.SLS.CYC', 'Hydrocyclone clusters'],
  ['EL', 'Electrical equipment'],
  ['EL.MOT', 'Motors'],
  ['EL.MOT.LV', 'LV induction motors'],
  ['EL.MOT.MV', 'MV induction motors'],
  ['EL.DRV', 'Drives'],
  ['EL.DRV.VSD', 'Variable speed drives'],
  ['EL.DRV.SST', 'Soft starters'],
  ['EL.SWG', 'Switchgear'],
  ['EL.SWG.MCC', 'Motor control centres'],
  ['EL.SWG.MVS', 'MV switchboards'],
  ['IN', 'Instrumentation'],
  ['IN.FLW', 'Flow'],
  ['IN.FLW.MAG', 'Magnetic flowmeters'],
  ['IN.FLW.COR', 'Coriolis meters'],
  ['IN.PRS', 'Pressure'],
  ['IN.PRS.PTX', 'Pressure transmitters'],
  ['IN.LVL', 'Level'],
  ['IN.LVL.RAD', 'Radar level transmitters'],
  ['IN.ANL', 'Analysers'],
  ['IN.ANL.PH', 'pH and ORP analysers'],
  ['IN.ANL.DNS', 'Density gauges'],
  ['PV', 'Piping and valves'],
  ['PV.VLV', 'Valves'],
  ['PV.VLV.KGV', 'Knife gate valves'],
  ['PV.VLV.BFV', 'Butterfly valves'],
  ['PV.VLV.CTL', 'Control valves'],
  ['PV.PIP', 'Pipe'],
  ['PV.PIP.HDP', 'HDPE pipe'],
  ['PV.PIP.RLS', 'Rubber-lined steel pipe'],
];

/**
 * Illustrative rates to USD, for trying conversions; not market data. 2025-06-30 is the rate date of the
 * Cerro Azul estimate and its quotes (field guide §16: EUR 1.0850, AUD 0.6550, CLP 0.001060).
 */
export const demoCurrencyRates: { code: string; rates: [date: string, rateToUsd: string][] }[] = [
  {
    code: 'USD',
    rates: [
      ['2025-06-30', '1'],
      ['2026-10-01', '1'],
      ['2026-11-02', '1'],
    ],
  },
  {
    code: 'EUR',
    rates: [
      ['2025-06-30', '1.0850'],
      ['2026-10-01', '1.0850'],
      ['2026-11-02', '1.0790'],
    ],
  },
  {
    code: 'GBP',
    rates: [
      ['2026-10-01', '1.2710'],
      ['2026-11-02', '1.2655'],
    ],
  },
  {
    code: 'AUD',
    rates: [
      ['2025-06-30', '0.6550'],
      ['2026-10-01', '0.6620'],
      ['2026-11-02', '0.6585'],
    ],
  },
  {
    code: 'CAD',
    rates: [
      ['2025-06-30', '0.7330'],
      ['2026-10-01', '0.7340'],
      ['2026-11-02', '0.7310'],
    ],
  },
  {
    code: 'CLP',
    rates: [
      ['2025-06-30', '0.001060'],
      ['2026-10-01', '0.00106'],
      ['2026-11-02', '0.00105'],
    ],
  },
  {
    code: 'ARS',
    rates: [
      ['2026-10-01', '0.00098'],
      ['2026-11-02', '0.00094'],
    ],
  },
  {
    code: 'PEN',
    rates: [
      ['2026-10-01', '0.2660'],
      ['2026-11-02', '0.2650'],
    ],
  },
  {
    code: 'BRL',
    rates: [
      ['2026-10-01', '0.1810'],
      ['2026-11-02', '0.1790'],
    ],
  },
  {
    code: 'ZAR',
    rates: [
      ['2025-06-30', '0.0560'],
      ['2026-10-01', '0.0556'],
      ['2026-11-02', '0.0549'],
    ],
  },
  {
    code: 'CNY',
    rates: [
      ['2026-10-01', '0.1390'],
      ['2026-11-02', '0.1385'],
    ],
  },
  {
    code: 'JPY',
    rates: [
      ['2026-10-01', '0.00668'],
      ['2026-11-02', '0.00661'],
    ],
  },
  {
    code: 'SEK',
    rates: [
      ['2025-06-30', '0.1045'],
      ['2026-10-01', '0.0951'],
      ['2026-11-02', '0.0944'],
    ],
  },
  // Last set in June 2026: a stale rate for housekeeping to list (no demo document uses NOK).
  { code: 'NOK', rates: [['2026-06-30', '0.0935']] },
  {
    code: 'CHF',
    rates: [
      ['2026-10-01', '1.1320'],
      ['2026-11-02', '1.1275'],
    ],
  },
];
