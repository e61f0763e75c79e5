import { signalCable, slurrySg, volumeFlow, type DemoCable, type DemoDocument, type DemoEquipment, type DemoInstrument, type DemoStream } from './demo-document';

/**
 * "Cerro Azul" (field guide §16): a 30 kt/d (1,250 t/h) copper concentrator at class 4. Fictional, with
 * the figures such a plant has: 33,800 kW installed and 31,500 kW running (three standby pumps), 30
 * instruments (AI 19, AO 3, DI 4, DO 1, comms 3), each with its cable, 5 lines, a PFD mass balance.
 * Prices are illustrative budget figures, not quotes.
 */

const PROJECT = 'Cerro Azul Copper Concentrator';
const PID_GRINDING = 'PID-200-001';
const PID_FLOTATION = 'PID-300-001';
const PFD = 'PFD-000-001';

const duty = (row: DemoEquipment): DemoEquipment => ({ status: 'in_design', ...row });
/** A standby: the duty row's twin, backing it up, with its own tag. */
const standbyOf = (row: DemoEquipment, tagno: string): DemoEquipment => ({ ...row, tagno, standby_for: row.tagno, description: `${row.description} (standby)` });

const cycloneFeedPump = duty({
  tagno: '200-PP-001A',
  area: '200',
  description: 'Cyclone feed pump, 26 x 24 slurry pump on VSD',
  type_code: 'PP',
  category: 'ME.PMP.SLR',
  installed_kw: '1100',
  absorbed_kw: '920',
  pid: PID_GRINDING,
  price: { amount: '8600000', currency: 'ZAR', source: 'budget_quote' },
});
const tailingsPump = duty({
  tagno: '600-PP-001A',
  area: '600',
  description: 'Thickened tailings pump, 20 x 18 slurry pump on VSD',
  type_code: 'PP',
  category: 'ME.PMP.SLR',
  installed_kw: '900',
  absorbed_kw: '760',
  price: { amount: '7400000', currency: 'ZAR', source: 'budget_quote' },
});
const processWaterPump = duty({
  tagno: '700-PP-001A',
  area: '700',
  description: 'Process water pump, split case, 1,600 m³/h',
  type_code: 'PP',
  category: 'ME.PMP.CEN',
  installed_kw: '300',
  absorbed_kw: '255',
  price: { amount: '380000', currency: 'USD', source: 'allowance' },
});

const equipment: DemoEquipment[] = [
  duty({ tagno: '100-CR-001', area: '100', description: 'Primary gyratory crusher 60-89, ROM ore', type_code: 'CR', category: 'ME.CMN', installed_kw: '600', absorbed_kw: '480', price: { amount: '13400000', currency: 'CAD', source: 'budget_quote' } }),
  duty({ tagno: '100-CV-001', area: '100', description: 'SAG mill feed conveyor, 1,600 mm belt, stockpile to SAG mill', type_code: 'CV', category: 'ME.CNV.BLT', installed_kw: '450', absorbed_kw: '380', price: { amount: '6900000', currency: 'AUD', source: 'budget_quote' } }),
  duty({ tagno: '200-ML-001', area: '200', description: 'SAG mill 38 ft x 20 ft (EGL), gearless drive', type_code: 'ML', category: 'ME.CMN.SAG', installed_kw: '11000', absorbed_kw: '9800', pid: PID_GRINDING, status: 'issued_for_quote', price: { amount: '41500000', currency: 'USD', source: 'budget_quote' } }),
  duty({ tagno: '200-ML-002', area: '200', description: 'Ball mill 1, 24 ft x 40 ft (EGL), dual pinion', type_code: 'ML', category: 'ME.CMN.BAL', installed_kw: '7000', absorbed_kw: '6300', pid: PID_GRINDING, status: 'issued_for_quote', price: { amount: '17800000', currency: 'EUR', source: 'budget_quote' } }),
  duty({ tagno: '200-ML-003', area: '200', description: 'Ball mill 2, 24 ft x 40 ft (EGL), dual pinion', type_code: 'ML', category: 'ME.CMN.BAL', installed_kw: '7000', absorbed_kw: '6300', pid: PID_GRINDING, status: 'issued_for_quote', price: { amount: '17800000', currency: 'EUR', source: 'budget_quote' } }),
  duty({ tagno: '200-CY-001', area: '200', description: 'Hydrocyclone clusters, 12 x 840 mm cyclones, one per ball mill', type_code: 'CY', category: 'ME.SLS.CYC', quantity: 2, pid: PID_GRINDING, price: { amount: '1150000', currency: 'USD', source: 'factored' }, remarks: 'Price per cluster.' }),
  cycloneFeedPump,
  duty({ tagno: '300-FL-001', area: '300', description: 'Rougher flotation tank cells, 300 m³', type_code: 'FL', quantity: 7, installed_kw: '220', absorbed_kw: '185', pid: PID_FLOTATION, price: { amount: '1350000', currency: 'USD', source: 'factored' }, remarks: 'Price per cell.' }),
  duty({ tagno: '300-FL-002', area: '300', description: 'Cleaner flotation tank cells, 100 m³', type_code: 'FL', quantity: 5, installed_kw: '90', absorbed_kw: '75', pid: PID_FLOTATION, price: { amount: '640000', currency: 'USD', source: 'factored' }, remarks: 'Price per cell.' }),
  duty({ tagno: '400-ML-001', area: '400', description: 'Regrind vertical stirred mill', type_code: 'ML', category: 'ME.CMN', installed_kw: '1000', absorbed_kw: '850', price: { amount: '5200000', currency: 'USD', source: 'budget_quote' } }),
  duty({ tagno: '500-TH-001', area: '500', description: 'Concentrate high-rate thickener, 18 m diameter', type_code: 'TH', category: 'ME.SLS.THK', installed_kw: '15', absorbed_kw: '9', price: { amount: '1900000', currency: 'USD', source: 'factored' } }),
  duty({ tagno: '500-FP-001', area: '500', description: 'Concentrate filter press, 2.0 x 2.0 m plates, 60 chambers', type_code: 'FP', category: 'ME.SLS.FPR', installed_kw: '100', absorbed_kw: '70', price: { amount: '46000000', currency: 'SEK', source: 'budget_quote' } }),
  duty({ tagno: '600-TH-001', area: '600', description: 'Tailings high-rate thickener, 50 m diameter', type_code: 'TH', category: 'ME.SLS.THK', installed_kw: '45', absorbed_kw: '30', price: { amount: '5600000000', currency: 'CLP', source: 'budget_quote' } }),
  tailingsPump,
  processWaterPump,
  standbyOf(cycloneFeedPump, '200-PP-001B'),
  standbyOf(tailingsPump, '600-PP-001B'),
  standbyOf(processWaterPump, '700-PP-001B'),
];

const CYCLONE_FEED = '600-SL-200-001-HR1';
const CYCLONE_OVERFLOW = '500-SL-200-002-HR1';
const TAILINGS = '450-SL-600-001-HR1';

const range = (low: string, high: string, unit: string) => ({ low, high, unit });
const percentOut = range('0', '100', '%');
const HELVETIA = 'Helvetia Process Instruments AG';

const instruments: DemoInstrument[] = [
  { tagno: '100-WIT-101', area: '100', letters: 'WIT', loop_number: '101', service: 'SAG mill feed conveyor belt weigher', io_type: 'AI', signal: 'HART', range: range('0', '2500', 't/h'), alarms: { l: '900', h: '1500' }, equipment: '100-CV-001' },
  { tagno: '100-LIT-102', area: '100', letters: 'LIT', loop_number: '102', service: 'Primary crusher dump pocket level, radar', io_type: 'AI', signal: 'HART', range: range('0', '12', 'm'), alarms: { h: '10', hh: '11' }, equipment: '100-CR-001', supplier: HELVETIA },
  { tagno: '100-SSL-103', area: '100', letters: 'SSL', loop_number: '103', service: 'SAG mill feed conveyor belt slip (speed low)', io_type: 'DI', signal: '24VDC', equipment: '100-CV-001' },
  { tagno: '100-JIT-104', area: '100', letters: 'JIT', loop_number: '104', service: 'Primary crusher motor power, from the motor protection relay', io_type: 'COMMS', signal: 'Profibus', range: range('0', '750', 'kW'), equipment: '100-CR-001' },
  { tagno: '200-FIT-201', area: '200', letters: 'FIT', loop_number: '201', service: 'SAG mill feed water flow, magnetic flowmeter', io_type: 'AI', signal: 'HART', range: range('0', '600', 'm³/h'), equipment: '200-ML-001', pid: PID_GRINDING, supplier: HELVETIA },
  { tagno: '200-FV-201', area: '200', letters: 'FV', loop_number: '201', service: 'SAG mill feed water control valve', io_type: 'AO', signal: '4-20mA', range: percentOut, equipment: '200-ML-001', pid: PID_GRINDING },
  { tagno: '200-PIT-202', area: '200', letters: 'PIT', loop_number: '202', service: 'SAG mill lube oil supply pressure', io_type: 'AI', signal: 'HART', range: range('0', '1000', 'kPag'), alarms: { ll: '180', l: '250' }, equipment: '200-ML-001', pid: PID_GRINDING, supplier: HELVETIA },
  { tagno: '200-PSL-202', area: '200', letters: 'PSL', loop_number: '202', service: 'SAG mill lube oil pressure low, trip', io_type: 'DI', signal: '24VDC', equipment: '200-ML-001', pid: PID_GRINDING },
  { tagno: '200-TIT-203', area: '200', letters: 'TIT', loop_number: '203', service: 'SAG mill motor stator winding temperature', io_type: 'AI', signal: 'HART', range: range('0', '200', '°C'), alarms: { h: '130', hh: '145' }, equipment: '200-ML-001', pid: PID_GRINDING },
  { tagno: '200-JIT-204', area: '200', letters: 'JIT', loop_number: '204', service: 'SAG mill motor power, from the gearless drive', io_type: 'COMMS', signal: 'EtherNet/IP', range: range('0', '12000', 'kW'), equipment: '200-ML-001', pid: PID_GRINDING },
  { tagno: '200-LIT-205', area: '200', letters: 'LIT', loop_number: '205', service: 'Cyclone feed pump box level', io_type: 'AI', signal: 'HART', range: range('0', '5', 'm'), alarms: { l: '1', h: '4' }, equipment: '200-PP-001A', pid: PID_GRINDING, supplier: HELVETIA },
  { tagno: '200-SC-205', area: '200', letters: 'SC', loop_number: '205', service: 'Cyclone feed pump speed, pump box level control', io_type: 'AO', signal: '4-20mA', range: percentOut, equipment: '200-PP-001A', pid: PID_GRINDING },
  { tagno: '200-PIT-206', area: '200', letters: 'PIT', loop_number: '206', service: 'Cyclone cluster feed pressure', io_type: 'AI', signal: 'HART', range: range('0', '250', 'kPag'), alarms: { l: '60', h: '140' }, equipment: '200-CY-001', line: CYCLONE_FEED, pid: PID_GRINDING, supplier: HELVETIA },
  { tagno: '200-DIT-207', area: '200', letters: 'DIT', loop_number: '207', service: 'Cyclone feed density, nuclear gauge', io_type: 'AI', signal: 'HART', range: range('1', '2.2', 't/m³'), line: CYCLONE_FEED, pid: PID_GRINDING, supplier: 'Thames Analytical Ltd' },
  { tagno: '200-FIT-208', area: '200', letters: 'FIT', loop_number: '208', service: 'Cyclone feed flow, magnetic flowmeter', io_type: 'AI', signal: 'HART', range: range('0', '6000', 'm³/h'), line: CYCLONE_FEED, pid: PID_GRINDING, supplier: HELVETIA },
  { tagno: '200-AIT-209', area: '200', letters: 'AIT', loop_number: '209', service: 'Cyclone overflow particle size (P80)', io_type: 'AI', signal: 'HART', range: range('0', '500', 'µm'), alarms: { h: '180' }, equipment: '200-CY-001', line: CYCLONE_OVERFLOW, pid: PID_GRINDING },
  { tagno: '200-TIT-210', area: '200', letters: 'TIT', loop_number: '210', service: 'Ball mill 1 drive-end bearing temperature', io_type: 'AI', signal: 'HART', range: range('0', '120', '°C'), alarms: { h: '75', hh: '85' }, equipment: '200-ML-002', pid: PID_GRINDING },
  { tagno: '300-LIT-301', area: '300', letters: 'LIT', loop_number: '301', service: 'Rougher cell 1 pulp level', io_type: 'AI', signal: 'HART', range: range('0', '1000', 'mm'), equipment: '300-FL-001', pid: PID_FLOTATION, supplier: HELVETIA },
  { tagno: '300-LV-301', area: '300', letters: 'LV', loop_number: '301', service: 'Rougher cell 1 dart valve', io_type: 'AO', signal: '4-20mA', range: percentOut, equipment: '300-FL-001', pid: PID_FLOTATION },
  { tagno: '300-FIT-302', area: '300', letters: 'FIT', loop_number: '302', service: 'Rougher flotation air flow', io_type: 'AI', signal: 'HART', range: range('0', '30000', 'Nm³/h'), equipment: '300-FL-001', pid: PID_FLOTATION, supplier: HELVETIA },
  { tagno: '300-AIT-303', area: '300', letters: 'AIT', loop_number: '303', service: 'On-stream XRF analyser: rougher feed, concentrate and tailings Cu', io_type: 'COMMS', signal: 'EtherNet/IP', range: range('0', '35', '% Cu'), pid: PID_FLOTATION, supplier: 'Thames Analytical Ltd' },
  { tagno: '300-LIT-304', area: '300', letters: 'LIT', loop_number: '304', service: 'Cleaner cell 1 pulp level', io_type: 'AI', signal: 'HART', range: range('0', '1000', 'mm'), equipment: '300-FL-002', pid: PID_FLOTATION, supplier: HELVETIA },
  { tagno: '300-XV-305', area: '300', letters: 'XV', loop_number: '305', service: 'Cleaner froth wash water solenoid valve', io_type: 'DO', signal: '24VDC', equipment: '300-FL-002', pid: PID_FLOTATION },
  { tagno: '400-DIT-401', area: '400', letters: 'DIT', loop_number: '401', service: 'Regrind mill feed density', io_type: 'AI', signal: 'HART', range: range('1', '2', 't/m³'), equipment: '400-ML-001' },
  { tagno: '500-DIT-501', area: '500', letters: 'DIT', loop_number: '501', service: 'Concentrate thickener underflow density', io_type: 'AI', signal: 'HART', range: range('1', '2.6', 't/m³'), alarms: { l: '1.7', h: '2.2' }, equipment: '500-TH-001' },
  { tagno: '500-WIT-502', area: '500', letters: 'WIT', loop_number: '502', service: 'Concentrate thickener rake torque', io_type: 'AI', signal: '4-20mA', range: range('0', '100', '%'), alarms: { h: '60', hh: '80' }, equipment: '500-TH-001' },
  { tagno: '500-ZSC-503', area: '500', letters: 'ZSC', loop_number: '503', service: 'Filter press plate pack closed', io_type: 'DI', signal: '24VDC', equipment: '500-FP-001' },
  { tagno: '600-DIT-601', area: '600', letters: 'DIT', loop_number: '601', service: 'Thickened tailings density', io_type: 'AI', signal: 'HART', range: range('1', '2.2', 't/m³'), alarms: { l: '1.5', h: '1.8' }, equipment: '600-PP-001A', line: TAILINGS },
  { tagno: '700-LIT-701', area: '700', letters: 'LIT', loop_number: '701', service: 'Process water tank level', io_type: 'AI', signal: 'HART', range: range('0', '12', 'm'), alarms: { l: '3', h: '10.5' }, supplier: HELVETIA },
  { tagno: '700-LSHH-701', area: '700', letters: 'LSHH', loop_number: '701', service: 'Process water tank level high-high, overflow protection', io_type: 'DI', signal: '24VDC' },
];

/** Where each instrument's signal cable lands, its length (m) and the rack it runs on. */
const landings: Record<string, [to: string, length: number, route?: string]> = {
  '100-WIT-101': ['JB-100-01', 45, 'LAD-100-01'],
  '100-LIT-102': ['JB-100-01', 30, 'LAD-100-01'],
  '100-SSL-103': ['JB-100-02', 65],
  '100-JIT-104': ['MCC-100-01', 40],
  '200-FIT-201': ['JB-200-01', 35, 'LAD-200-01'],
  '200-FV-201': ['JB-200-01', 38, 'LAD-200-01'],
  '200-PIT-202': ['JB-200-01', 40, 'LAD-200-01'],
  '200-PSL-202': ['JB-200-01', 40, 'LAD-200-01'],
  '200-TIT-203': ['JB-200-01', 42, 'LAD-200-01'],
  '200-JIT-204': ['RIO-200-01', 120],
  '200-LIT-205': ['JB-200-02', 25, 'LAD-200-02'],
  '200-SC-205': ['VSD-200-PP-001A', 80],
  '200-PIT-206': ['JB-200-02', 30, 'LAD-200-02'],
  '200-DIT-207': ['JB-200-02', 28, 'LAD-200-02'],
  '200-FIT-208': ['JB-200-02', 26, 'LAD-200-02'],
  '200-AIT-209': ['JB-200-02', 34, 'LAD-200-02'],
  '200-TIT-210': ['JB-200-03', 55],
  '300-LIT-301': ['JB-300-01', 22, 'TRY-300-01'],
  '300-LV-301': ['JB-300-01', 24, 'TRY-300-01'],
  '300-FIT-302': ['JB-300-01', 48, 'TRY-300-01'],
  '300-AIT-303': ['RIO-300-01', 95, 'TRY-300-01'],
  '300-LIT-304': ['JB-300-02', 20],
  '300-XV-305': ['JB-300-02', 18],
  '400-DIT-401': ['JB-400-01', 32],
  '500-DIT-501': ['JB-500-01', 60, 'LAD-500-01'],
  '500-WIT-502': ['JB-500-01', 35],
  '500-ZSC-503': ['JB-500-02', 28],
  '600-DIT-601': ['JB-600-01', 80, 'LAD-600-01'],
  '700-LIT-701': ['JB-700-01', 40],
  '700-LSHH-701': ['JB-700-01', 42],
};

const cables: DemoCable[] = [
  ...instruments.map((instrument) => {
    const [to, length, route] = landings[instrument.tagno] ?? ['JB-000-01', 50];
    return signalCable(instrument, to, length, route);
  }),
  // The analysers take mains power from the area's distribution board as well.
  { cable_tag: '200-AIT-209-P-01', instrument: '200-AIT-209', from_tag: 'PNL-200-DB01', to_tag: '200-AIT-209', cable_type: 'power', cores_size: '3C+E 2.5 mm2', length_m: '70.0', allowance_pct: '15', route_ref: 'LAD-200-02' },
  { cable_tag: '300-AIT-303-P-01', instrument: '300-AIT-303', from_tag: 'PNL-300-DB01', to_tag: '300-AIT-303', cable_type: 'power', cores_size: '3C+E 4 mm2', length_m: '85.0', allowance_pct: '15', route_ref: 'TRY-300-01' },
];

/** The racks of the cables above that run on one, per instrument (the length is the instrument's share of the run). */
const racking = cables.flatMap((cable) => {
  if (!cable.route_ref || cable.cable_type === 'power') return [];
  const [kind, area] = cable.route_ref.split('-') as [string, string];
  const ladder = kind === 'LAD';
  return [
    {
      instrument: cable.instrument,
      rack_ref: cable.route_ref,
      rack_type: ladder ? ('ladder' as const) : ('tray' as const),
      width_mm: ladder ? 600 : 300,
      length_m: (Number(cable.length_m) * 0.8).toFixed(1),
      material: area === '500' ? ('frp' as const) : area === '300' ? ('stainless' as const) : ('galvanised' as const),
      area,
    },
  ];
});

/** A slurry stream from its dry solids (t/h), % solids w/w and the solids' SG. */
function slurry(stream_number: string, description: string, from: string, to: string, solidsTph: number, solidsPct: number, solidsSg: number, p80: number, temperature: string): DemoStream {
  const mass = (solidsTph / (solidsPct / 100)).toFixed(1);
  const sg = slurrySg(solidsPct, solidsSg);
  return { stream_number, description, pfd: PFD, from, to, mass_flow_tph: mass, vol_flow_m3h: volumeFlow(mass, sg), solids_pct: solidsPct.toFixed(1), slurry_sg: sg, p80_um: p80, temperature_c: temperature };
}

const streams: DemoStream[] = [
  { stream_number: '102', description: 'Crushed ore to SAG mill', pfd: PFD, from: '100-CV-001', to: '200-ML-001', mass_flow_tph: '1288.7', solids_pct: '97.0', p80_um: 150_000, temperature_c: '15.0' },
  slurry('201', 'SAG mill discharge (trommel undersize) to cyclone feed pump box', '200-ML-001', '200-PP-001A', 1250, 70, 2.7, 2000, '32.0'),
  slurry('202', 'Cyclone feed, 250 % circulating load', '200-PP-001A', '200-CY-001', 4375, 62, 2.7, 600, '35.0'),
  slurry('203', 'Cyclone underflow to ball mills', '200-CY-001', '200-ML-002', 3125, 75, 2.7, 900, '35.0'),
  slurry('204', 'Cyclone overflow to rougher flotation', '200-CY-001', '300-FL-001', 1250, 35, 2.7, 150, '33.0'),
  slurry('301', 'Rougher concentrate to regrind', '300-FL-001', '400-ML-001', 125, 30, 3.4, 120, '30.0'),
  slurry('401', 'Regrind product to cleaner flotation', '400-ML-001', '300-FL-002', 125, 25, 3.4, 30, '32.0'),
  slurry('501', 'Final concentrate (28 % Cu) to concentrate thickener', '300-FL-002', '500-TH-001', 24.1, 25, 4.2, 30, '28.0'),
  slurry('601', 'Rougher tailings to tailings thickener', '300-FL-001', '600-TH-001', 1125, 32, 2.7, 160, '30.0'),
];

export const demoCerroAzul: DemoDocument = {
  project: PROJECT,
  // Issued for the client's review; the SAG mill's absorbed power and the regrind mill changed since.
  revision: {
    rev: 'A',
    purpose: 'IFR',
    issued_on: '2025-09-15',
    note: 'Equipment list issued for client review',
    equipmentChangedSince: [
      { tagno: '200-ML-001', values: { absorbed_kw: '10200' } },
      { tagno: '400-ML-001', values: { description: 'Regrind vertical stirred mill, 1,500 kW' } },
    ],
  },
  areas: [
    { areacode: '100', description: 'Primary crushing and coarse ore stockpile', wbs_code: 'CA-100' },
    { areacode: '200', description: 'Grinding and classification', wbs_code: 'CA-200' },
    { areacode: '300', description: 'Rougher and cleaner flotation', wbs_code: 'CA-300' },
    { areacode: '400', description: 'Concentrate regrind', wbs_code: 'CA-400' },
    { areacode: '500', description: 'Concentrate thickening and filtration', wbs_code: 'CA-500' },
    { areacode: '600', description: 'Tailings thickening and disposal', wbs_code: 'CA-600' },
    { areacode: '700', description: 'Process and fresh water', wbs_code: 'CA-700' },
  ],
  pids: [
    { drawing_number: PID_GRINDING, title: 'Grinding: SAG mill, ball mills and cyclone feed', revision: 'B', status: 'IFA', area: '200' },
    { drawing_number: PID_FLOTATION, title: 'Rougher and cleaner flotation', revision: 'B', status: 'IFA', area: '300' },
  ],
  pfds: [{ drawing_number: PFD, title: 'Overall process flow and mass balance, 30 kt/d', revision: 'C', status: 'IFA' }],
  equipment,
  lines: [
    { size_mm: 600, service_code: 'SL', area: '200', sequence: 1, pipe_spec: 'HR1', from_tag: '200-PP-001A', to_tag: '200-CY-001', fluid: 'Cyclone feed slurry', phase: 'slurry', operating_pressure_kpag: '350', design_pressure_kpag: '700', operating_temperature_c: '35', design_temperature_c: '60', slurry_sg: slurrySg(62, 2.7), solids_pct: '62.0', pid: PID_GRINDING },
    { size_mm: 500, service_code: 'SL', area: '200', sequence: 2, pipe_spec: 'HR1', from_tag: '200-CY-001', to_tag: '300-FL-001', fluid: 'Cyclone overflow to rougher flotation', phase: 'slurry', operating_pressure_kpag: '50', design_pressure_kpag: '350', operating_temperature_c: '33', design_temperature_c: '60', slurry_sg: slurrySg(35, 2.7), solids_pct: '35.0', pid: PID_GRINDING },
    { size_mm: 150, service_code: 'SL', area: '500', sequence: 1, pipe_spec: 'HR1', from_tag: '500-TH-001', to_tag: '500-FP-001', fluid: 'Concentrate thickener underflow to filter', phase: 'slurry', operating_pressure_kpag: '700', design_pressure_kpag: '1050', operating_temperature_c: '25', design_temperature_c: '60', slurry_sg: slurrySg(65, 4.2), solids_pct: '65.0' },
    { size_mm: 450, service_code: 'SL', area: '600', sequence: 1, pipe_spec: 'HR1', from_tag: '600-PP-001A', to_tag: 'TSF', fluid: 'Thickened tailings to the tailings storage facility', phase: 'slurry', operating_pressure_kpag: '2800', design_pressure_kpag: '4000', operating_temperature_c: '30', design_temperature_c: '60', slurry_sg: slurrySg(62, 2.7), solids_pct: '62.0' },
    { size_mm: 400, service_code: 'PW', area: '700', sequence: 1, pipe_spec: 'CS1', from_tag: '700-PP-001A', to_tag: '200-ML-001', fluid: 'Process water to grinding', phase: 'liquid', operating_pressure_kpag: '600', design_pressure_kpag: '1000', operating_temperature_c: '25', design_temperature_c: '50' },
  ],
  instruments,
  cables,
  racking,
  streams,
};
