import { signalCable, slurrySg, volumeFlow, type DemoDocument, type DemoEquipment, type DemoInstrument } from './demo-document';

/**
 * The smaller second demo (field guide §16): a 25 kt/a lithium hydroxide monohydrate refinery fed with
 * spodumene concentrate (about 21 t/h over 8,000 h/a). Fictional; prices are illustrative, not quotes.
 */

const PROJECT = 'Kwinana Lithium Hydroxide Refinery';
const PID_LEACH = 'PID-200-001';
const PFD = 'PFD-000-001';

const leachPump: DemoEquipment = {
  tagno: '200-PP-001A',
  area: '200',
  description: 'Leach discharge pump, rubber-lined slurry pump',
  type_code: 'PP',
  category: 'ME.PMP.SLR',
  installed_kw: '45',
  absorbed_kw: '37',
  pid: PID_LEACH,
  price: { amount: '950000', currency: 'ZAR', source: 'budget_quote' },
};

const equipment: DemoEquipment[] = [
  { tagno: '100-KL-001', area: '100', description: 'Spodumene calcination (decrepitation) kiln, 4.5 m x 70 m, 1,050 °C', type_code: 'KL', installed_kw: '400', absorbed_kw: '320', status: 'issued_for_quote', price: { amount: '24000000', currency: 'EUR', source: 'budget_quote' } },
  { tagno: '100-KL-002', area: '100', description: 'Acid roast kiln, 250 °C', type_code: 'KL', installed_kw: '160', absorbed_kw: '130', price: { amount: '7500000', currency: 'EUR', source: 'factored' } },
  { tagno: '200-AG-001', area: '200', description: 'Water leach tank agitators', type_code: 'AG', category: 'ME.TNK.AGI', quantity: 3, installed_kw: '55', absorbed_kw: '45', pid: PID_LEACH, price: { amount: '210000', currency: 'EUR', source: 'budget_quote' }, remarks: 'Price per agitator.' },
  { tagno: '200-FP-001', area: '200', description: 'Leach residue filter press', type_code: 'FP', category: 'ME.SLS.FPR', installed_kw: '75', absorbed_kw: '55', pid: PID_LEACH, price: { amount: '14000000', currency: 'SEK', source: 'budget_quote' } },
  leachPump,
  { tagno: '300-CZ-001', area: '300', description: 'Lithium hydroxide evaporative crystalliser with MVR fan', type_code: 'CZ', installed_kw: '1800', absorbed_kw: '1550', price: { amount: '18500000', currency: 'USD', source: 'budget_quote' } },
  { tagno: '300-CF-001', area: '300', description: 'LiOH·H2O pusher centrifuge', type_code: 'CF', installed_kw: '90', absorbed_kw: '70', price: { amount: '1100000', currency: 'EUR', source: 'budget_quote' } },
  { tagno: '400-DR-001', area: '400', description: 'LiOH·H2O indirect dryer and cooler', type_code: 'DR', installed_kw: '110', absorbed_kw: '85', price: { amount: '2400000', currency: 'USD', source: 'allowance' } },
  { ...leachPump, tagno: '200-PP-001B', standby_for: leachPump.tagno, description: `${leachPump.description} (standby)` },
];

const LEACH_SLURRY = '100-SL-200-001-RL1';
const LIQUOR = '80-PL-300-001-SS1';

const instruments: DemoInstrument[] = [
  { tagno: '100-TIT-101', area: '100', letters: 'TIT', loop_number: '101', service: 'Calcination kiln burning zone temperature', io_type: 'AI', signal: 'HART', range: { low: '0', high: '1400', unit: '°C' }, alarms: { h: '1100', hh: '1150' }, equipment: '100-KL-001' },
  { tagno: '100-SIT-102', area: '100', letters: 'SIT', loop_number: '102', service: 'Calcination kiln speed', io_type: 'AI', signal: '4-20mA', range: { low: '0', high: '3', unit: 'rpm' }, equipment: '100-KL-001' },
  { tagno: '200-AIT-201', area: '200', letters: 'AIT', loop_number: '201', service: 'Leach tank 1 pH', io_type: 'AI', signal: 'HART', range: { low: '0', high: '14', unit: 'pH' }, alarms: { l: '6.5', h: '9' }, equipment: '200-AG-001', pid: PID_LEACH },
  { tagno: '200-FIT-202', area: '200', letters: 'FIT', loop_number: '202', service: 'Leach discharge flow', io_type: 'AI', signal: 'HART', range: { low: '0', high: '120', unit: 'm³/h' }, line: LEACH_SLURRY, pid: PID_LEACH },
  { tagno: '200-LIT-203', area: '200', letters: 'LIT', loop_number: '203', service: 'Leach tank 3 level', io_type: 'AI', signal: 'HART', range: { low: '0', high: '8', unit: 'm' }, alarms: { l: '1.5', h: '7' }, equipment: '200-AG-001', pid: PID_LEACH },
  { tagno: '200-SC-203', area: '200', letters: 'SC', loop_number: '203', service: 'Leach discharge pump speed, tank level control', io_type: 'AO', signal: '4-20mA', range: { low: '0', high: '100', unit: '%' }, equipment: '200-PP-001A', pid: PID_LEACH },
  { tagno: '300-PIT-301', area: '300', letters: 'PIT', loop_number: '301', service: 'Crystalliser vapour body pressure', io_type: 'AI', signal: 'HART', range: { low: '-100', high: '50', unit: 'kPag' }, equipment: '300-CZ-001' },
  { tagno: '300-FIT-302', area: '300', letters: 'FIT', loop_number: '302', service: 'Purified liquor feed flow to crystalliser', io_type: 'AI', signal: 'HART', range: { low: '0', high: '150', unit: 'm³/h' }, equipment: '300-CZ-001', line: LIQUOR },
  { tagno: '300-SSH-303', area: '300', letters: 'SSH', loop_number: '303', service: 'Centrifuge overspeed', io_type: 'DI', signal: '24VDC', equipment: '300-CF-001' },
  { tagno: '400-WIT-401', area: '400', letters: 'WIT', loop_number: '401', service: 'Bagging station weigh scale (1 t bulk bags)', io_type: 'COMMS', signal: 'EtherNet/IP', range: { low: '0', high: '1200', unit: 'kg' } },
];

const landing = (tag: string) => (tag.startsWith('400') ? 'RIO-400-01' : `JB-${tag.slice(0, 3)}-01`);

export const demoLithiumRefinery: DemoDocument = {
  project: PROJECT,
  areas: [
    { areacode: '100', description: 'Calcination and acid roast', wbs_code: 'KW-100' },
    { areacode: '200', description: 'Water leach and impurity removal', wbs_code: 'KW-200' },
    { areacode: '300', description: 'Causticisation and crystallisation', wbs_code: 'KW-300' },
    { areacode: '400', description: 'Drying and packaging', wbs_code: 'KW-400' },
  ],
  pids: [{ drawing_number: PID_LEACH, title: 'Water leach and residue filtration', revision: 'A', status: 'IFR', area: '200' }],
  pfds: [{ drawing_number: PFD, title: 'Overall process flow, 25 kt/a LiOH·H2O', revision: 'B', status: 'IFA' }],
  equipment,
  lines: [
    { size_mm: 100, service_code: 'SL', area: '200', sequence: 1, pipe_spec: 'RL1', from_tag: '200-PP-001A', to_tag: '200-FP-001', fluid: 'Leach discharge slurry', phase: 'slurry', operating_pressure_kpag: '400', design_pressure_kpag: '700', operating_temperature_c: '60', design_temperature_c: '90', slurry_sg: slurrySg(35, 2.4), solids_pct: '35.0', pid: PID_LEACH },
    { size_mm: 80, service_code: 'PL', area: '300', sequence: 1, pipe_spec: 'SS1', from_tag: '200-FP-001', to_tag: '300-CZ-001', fluid: 'Purified lithium hydroxide liquor', phase: 'liquid', operating_pressure_kpag: '300', design_pressure_kpag: '600', operating_temperature_c: '80', design_temperature_c: '120', insulation: 'Mineral wool 50 mm' },
  ],
  instruments,
  cables: instruments.map((instrument, i) => signalCable(instrument, landing(instrument.tagno), 30 + 7 * i)),
  racking: [
    { instrument: '200-AIT-201', rack_ref: 'TRY-200-01', rack_type: 'tray', width_mm: 300, length_m: '24.0', material: 'stainless', area: '200' },
    { instrument: '200-FIT-202', rack_ref: 'TRY-200-01', rack_type: 'tray', width_mm: 300, length_m: '30.0', material: 'stainless', area: '200' },
  ],
  streams: [
    { stream_number: '101', description: 'Spodumene concentrate (SC6) to calcination kiln', pfd: PFD, to: '100-KL-001', mass_flow_tph: '22.3', solids_pct: '94.0', p80_um: 250, temperature_c: '25.0' },
    { stream_number: '102', description: 'Calcine (beta-spodumene) to acid roast', pfd: PFD, from: '100-KL-001', to: '100-KL-002', mass_flow_tph: '20.6', solids_pct: '100.0', p80_um: 150, temperature_c: '80.0' },
    { stream_number: '201', description: 'Leach slurry to residue filter', pfd: PFD, from: '200-PP-001A', to: '200-FP-001', mass_flow_tph: '71.4', vol_flow_m3h: volumeFlow('71.4', slurrySg(35, 2.4)), solids_pct: '35.0', slurry_sg: slurrySg(35, 2.4), p80_um: 150, temperature_c: '60.0' },
    { stream_number: '301', description: 'Purified liquor to crystalliser', pfd: PFD, from: '200-FP-001', to: '300-CZ-001', mass_flow_tph: '110.0', vol_flow_m3h: volumeFlow('110.0', '1.080'), solids_pct: '0.0', slurry_sg: '1.080', temperature_c: '80.0' },
    { stream_number: '401', description: 'LiOH·H2O crystals to dryer', pfd: PFD, from: '300-CF-001', to: '400-DR-001', mass_flow_tph: '3.3', solids_pct: '95.0', p80_um: 400, temperature_c: '45.0' },
  ],
};
