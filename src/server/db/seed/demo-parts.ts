/**
 * Demo parts catalogue: typical equipment and spares of a mineral processing plant, each under a tier-3
 * item category. Prices are illustrative list prices for trying the grid, not quotes.
 */
export type DemoPart = {
  part_no: string;
  description: string;
  category: string;
  manufacturer: string;
  model: string | null;
  supplier: string;
  unit: string;
  list_price: string;
  currency: string;
  lead_time_weeks: number;
};

const part = (
  part_no: string,
  description: string,
  category: string,
  supplier: string,
  [list_price, currency]: [string, string],
  lead_time_weeks: number,
  manufacturer: string,
  model?: string,
  unit = 'ea',
): DemoPart => ({ part_no, description, category, supplier, list_price, currency, lead_time_weeks, manufacturer, model: model ?? null, unit });

const KAROO = 'Karoo Slurry Pumps (Pty) Ltd';
const NORDIC = 'Nordic Process Filtration AB';
const PACIFIC = 'Pacific Conveyor Systems Pty Ltd';
const RHEIN = 'Rhein Antriebstechnik GmbH';
const LAKESHORE = 'Lakeshore Drives & Controls Inc';
const ATACAMA = 'Atacama Valves Ltda';
const HELVETIA = 'Helvetia Process Instruments AG';
const MAPLE = 'Maple Crushing Technologies Ltd';
const YANGTZE = 'Yangtze Heavy Mill Works Co';
const IBERIA = 'Iberia Tanks & Agitators SL';
const ANDINA = 'Andina Piping Supplies SAC';
const THAMES = 'Thames Analytical Ltd';

export const demoParts: DemoPart[] = [
  part('PMP-SLR-150', 'Horizontal slurry pump 150/125, rubber lined', 'ME.PMP.SLR', KAROO, ['412000.00', 'ZAR'], 16, 'Karoo Pumps', 'KSP-150R'),
  part('PMP-SLR-200', 'Horizontal slurry pump 200/150, high-chrome wet end', 'ME.PMP.SLR', KAROO, ['655000.00', 'ZAR'], 18, 'Karoo Pumps', 'KSP-200H'),
  part('PMP-SLR-IMP150', 'Impeller, high-chrome, for KSP-150', 'ME.PMP.SLR', KAROO, ['38500.00', 'ZAR'], 8, 'Karoo Pumps'),
  part('PMP-CEN-080', 'End-suction process pump 80-200, duplex', 'ME.PMP.CEN', KAROO, ['96000.00', 'ZAR'], 12, 'Karoo Pumps', 'KCP-80'),
  part('PMP-PD-050', 'Hose pump 50 mm for reagent dosing', 'ME.PMP.PD', KAROO, ['148000.00', 'ZAR'], 10, 'Karoo Pumps', 'KHP-50'),
  part('CNV-BLT-1200', 'Belt conveyor module, 1200 mm, per metre', 'ME.CNV.BLT', PACIFIC, ['2450.00', 'AUD'], 14, 'Pacific Conveyor', 'PC-1200', 'm'),
  part('CNV-IDL-1200T', 'Troughing idler set, 1200 mm belt', 'ME.CNV.BLT', PACIFIC, ['640.00', 'AUD'], 6, 'Pacific Conveyor', 'TI-1200', 'set'),
  part('CNV-APF-1500', 'Apron feeder 1500 x 9000 mm', 'ME.CNV.APF', PACIFIC, ['865000.00', 'AUD'], 30, 'Pacific Conveyor', 'AF-1590'),
  part('CNV-SCR-400', 'Screw conveyor 400 mm x 6 m, lime', 'ME.CNV.SCR', PACIFIC, ['38500.00', 'AUD'], 10, 'Pacific Conveyor', 'SC-400'),
  part('CMN-CON-300', 'Cone crusher, 300 kW, secondary duty', 'ME.CMN.CON', MAPLE, ['1480000.00', 'CAD'], 36, 'Maple Crushing', 'MC-300'),
  part('CMN-CON-LNR300', 'Mantle and concave liner set for MC-300', 'ME.CMN.CON', MAPLE, ['62000.00', 'CAD'], 10, 'Maple Crushing', undefined, 'set'),
  part('CMN-SAG-8540', 'SAG mill 8.5 m x 4.0 m EGL, 6 MW', 'ME.CMN.SAG', YANGTZE, ['68500000.00', 'CNY'], 60, 'Yangtze Heavy Mill', 'SAG-8540'),
  part('CMN-BAL-5585', 'Ball mill 5.5 m x 8.5 m EGL, 4.5 MW', 'ME.CMN.BAL', YANGTZE, ['41200000.00', 'CNY'], 56, 'Yangtze Heavy Mill', 'BM-5585'),
  part('CMN-BAL-LNR', 'Ball mill shell liner set, rubber-steel composite', 'ME.CMN.BAL', YANGTZE, ['1850000.00', 'CNY'], 20, 'Yangtze Heavy Mill', undefined, 'set'),
  part('TNK-AGI-0800', 'Agitated leach tank 800 m³ with agitator', 'ME.TNK.AGI', IBERIA, ['612000.00', 'EUR'], 26, 'Iberia Tanks', 'ALT-800'),
  part('TNK-AGI-AG55', 'Top-entry agitator, 55 kW, hydrofoil impeller', 'ME.TNK.AGI', IBERIA, ['148000.00', 'EUR'], 18, 'Iberia Tanks', 'TEA-55'),
  part('TNK-PRV-010', 'Pressure vessel 10 m³, 16 bar, carbon steel', 'ME.TNK.PRV', IBERIA, ['96000.00', 'EUR'], 22, 'Iberia Tanks', 'PV-10'),
  part('SLS-THK-25', 'High-rate thickener 25 m diameter', 'ME.SLS.THK', NORDIC, ['9850000.00', 'SEK'], 40, 'Nordic Process Filtration', 'HRT-25'),
  part('SLS-FPR-2020', 'Filter press 2000 x 2000, 120 chambers', 'ME.SLS.FPR', NORDIC, ['14200000.00', 'SEK'], 38, 'Nordic Process Filtration', 'NPF-2020'),
  part('SLS-FPR-CLOTH', 'Filter cloth set for NPF-2020', 'ME.SLS.FPR', NORDIC, ['186000.00', 'SEK'], 6, 'Nordic Process Filtration', undefined, 'set'),
  part('SLS-CYC-10x250', 'Hydrocyclone cluster, 10 x 250 mm', 'ME.SLS.CYC', KAROO, ['1150000.00', 'ZAR'], 20, 'Karoo Pumps', 'HC-10-250'),
  part('MOT-LV-075', 'LV induction motor 75 kW, 4-pole, IE3', 'EL.MOT.LV', RHEIN, ['6850.00', 'EUR'], 8, 'Rhein Antriebstechnik', 'RA-280M-4'),
  part('MOT-LV-200', 'LV induction motor 200 kW, 4-pole, IE3', 'EL.MOT.LV', RHEIN, ['17900.00', 'EUR'], 12, 'Rhein Antriebstechnik', 'RA-315L-4'),
  part('MOT-MV-1250', 'MV induction motor 1250 kW, 6.6 kV', 'EL.MOT.MV', RHEIN, ['186000.00', 'EUR'], 28, 'Rhein Antriebstechnik', 'RA-MV-450'),
  part('DRV-VSD-110', 'Variable speed drive 110 kW, 400 V', 'EL.DRV.VSD', LAKESHORE, ['14800.00', 'USD'], 10, 'Lakeshore Drives', 'LD-110'),
  part('DRV-VSD-315', 'Variable speed drive 315 kW, 690 V', 'EL.DRV.VSD', LAKESHORE, ['39600.00', 'USD'], 14, 'Lakeshore Drives', 'LD-315'),
  part('DRV-SST-200', 'Soft starter 200 kW', 'EL.DRV.SST', LAKESHORE, ['6200.00', 'USD'], 6, 'Lakeshore Drives', 'LS-200'),
  part('SWG-MCC-12', 'Motor control centre, 12 tiers, 400 V', 'EL.SWG.MCC', LAKESHORE, ['248000.00', 'USD'], 22, 'Lakeshore Drives', 'MCC-12'),
  part('SWG-MVS-07', 'MV switchboard, 7 panels, 6.6 kV', 'EL.SWG.MVS', LAKESHORE, ['612000.00', 'USD'], 32, 'Lakeshore Drives', 'MVS-7'),
  part('FLW-MAG-100', 'Magnetic flowmeter DN100, ceramic liner', 'IN.FLW.MAG', HELVETIA, ['4350.00', 'CHF'], 8, 'Helvetia Instruments', 'HM-100C'),
  part('FLW-MAG-300', 'Magnetic flowmeter DN300, rubber liner', 'IN.FLW.MAG', HELVETIA, ['7900.00', 'CHF'], 10, 'Helvetia Instruments', 'HM-300R'),
  part('FLW-COR-050', 'Coriolis mass flowmeter DN50', 'IN.FLW.COR', HELVETIA, ['11800.00', 'CHF'], 10, 'Helvetia Instruments', 'HC-50'),
  part('PRS-PTX-G16', 'Pressure transmitter, 0-16 bar g, HART', 'IN.PRS.PTX', HELVETIA, ['1280.00', 'CHF'], 4, 'Helvetia Instruments', 'HP-16'),
  part('LVL-RAD-80G', '80 GHz radar level transmitter', 'IN.LVL.RAD', HELVETIA, ['2650.00', 'CHF'], 6, 'Helvetia Instruments', 'HR-80'),
  part('ANL-PH-ORP', 'pH/ORP analyser with self-cleaning probe', 'IN.ANL.PH', THAMES, ['6900.00', 'GBP'], 8, 'Thames Analytical', 'TA-PH2'),
  part('ANL-DNS-NUC', 'Non-nuclear density gauge for slurry pipe', 'IN.ANL.DNS', THAMES, ['24500.00', 'GBP'], 14, 'Thames Analytical', 'TA-DG4'),
  part('VLV-KGV-200', 'Knife gate valve DN200, slurry, bi-directional', 'PV.VLV.KGV', ATACAMA, ['3850000.00', 'CLP'], 10, 'Atacama Valves', 'AV-KG200'),
  part('VLV-KGV-300', 'Knife gate valve DN300, slurry, pneumatic actuator', 'PV.VLV.KGV', ATACAMA, ['6900000.00', 'CLP'], 12, 'Atacama Valves', 'AV-KG300'),
  part('VLV-BFV-250', 'Butterfly valve DN250, rubber lined', 'PV.VLV.BFV', ATACAMA, ['1450000.00', 'CLP'], 8, 'Atacama Valves', 'AV-BF250'),
  part('VLV-CTL-100', 'Control valve DN100, globe, with positioner', 'PV.VLV.CTL', ATACAMA, ['5200000.00', 'CLP'], 14, 'Atacama Valves', 'AV-CV100'),
  part('PIP-HDP-315', 'HDPE pipe PE100 SDR11, 315 mm, per metre', 'PV.PIP.HDP', ANDINA, ['412.00', 'PEN'], 4, 'Andina Piping', undefined, 'm'),
  part('PIP-RLS-300', 'Rubber-lined steel pipe 300 mm, 6 m spool', 'PV.PIP.RLS', ANDINA, ['9800.00', 'PEN'], 8, 'Andina Piping', undefined, 'ea'),
];
