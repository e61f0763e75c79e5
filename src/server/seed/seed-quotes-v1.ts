import type { Db } from '../db/client';
import { create, isEmpty } from './seed-entities';

/**
 * Demo V1 quotes (the older records, field guide §9): ten quotes of 2021-2023 as the old tool kept them,
 * supplier and project as text, one total each. Once, into an empty table, through the engine.
 */
export const demoQuotesV1 = [
  {
    quote_number: 'Q1-2021-014',
    supplier_name: 'Weir Minerals',
    quote_date: '2021-03-18',
    currency_code: 'USD',
    total: '412500.00',
    description: 'Warman 20/18 slurry pumps x2, budget price, ex works',
    project_name: 'Cerro Azul scoping study',
  },
  {
    quote_number: 'Q1-2021-027',
    supplier_name: 'FLSmidth',
    quote_date: '2021-06-02',
    currency_code: 'USD',
    total: '18750000.00',
    description: 'SAG mill 36 ft x 18 ft with gearless drive, budget',
    project_name: 'Cerro Azul scoping study',
  },
  {
    quote_number: 'Q1-2021-033',
    supplier_name: 'Metso Outotec',
    quote_date: '2021-07-21',
    currency_code: 'EUR',
    total: '6240000.00',
    description: 'Flotation tank cells 300 m3 x7, budget',
    project_name: 'Cerro Azul scoping study',
  },
  {
    quote_number: 'Q1-2022-005',
    supplier_name: 'Sandvik',
    quote_date: '2022-01-12',
    currency_code: 'SEK',
    total: '48200000.00',
    description: 'Primary gyratory crusher, budget; lines: crusher, lube unit, spares',
    project_name: 'Cerro Azul prefeasibility',
  },
  {
    quote_number: 'Q1-2022-011',
    supplier_name: 'Multotec',
    quote_date: '2022-02-28',
    currency_code: 'ZAR',
    total: '3150000.00',
    description: 'Hydrocyclone cluster 12 x 660 mm, budget',
    project_name: 'Cerro Azul prefeasibility',
  },
  {
    quote_number: 'Q1-2022-019',
    supplier_name: 'Continental Conveyor',
    quote_date: '2022-04-07',
    currency_code: 'AUD',
    total: '5880000.00',
    description: 'Overland conveyor 1,600 mm belt, 2.1 km, budget',
    project_name: 'Cerro Azul prefeasibility',
  },
  {
    quote_number: 'Q1-2022-026',
    supplier_name: 'Outotec (Finland)',
    quote_date: '2022-06-15',
    currency_code: 'EUR',
    total: '1480000.00',
    description: 'High-rate thickener 18 m, mechanism and drive',
    project_name: 'Kwinana LiOH expansion study',
    notes: 'Supplier since renamed Metso Outotec.',
  },
  {
    quote_number: 'Q1-2022-031',
    supplier_name: 'Andritz',
    quote_date: '2022-08-30',
    currency_code: 'EUR',
    total: '2310000.00',
    description: 'Filter press 2.0 x 2.0 m, 60 chambers, budget',
    project_name: 'Kwinana LiOH expansion study',
  },
  {
    quote_number: 'Q1-2023-002',
    supplier_name: 'KSB',
    quote_date: '2023-01-19',
    currency_code: 'USD',
    total: '286400.00',
    description: 'Process water pumps x3 (2 duty, 1 standby)',
    project_name: 'Cerro Azul prefeasibility',
  },
  {
    quote_number: 'Q1-2023-009',
    supplier_name: 'ABB',
    quote_date: '2023-03-09',
    currency_code: 'CHF',
    total: '9650000.00',
    description: 'Gearless mill drive 22 MW, budget; includes commissioning',
    project_name: 'Cerro Azul prefeasibility',
    notes: 'Superseded by the V2 quotes of the feasibility study.',
  },
];

export async function seedDemoQuotesV1(db: Db): Promise<void> {
  if (!(await isEmpty(db, 'quotes_v1'))) return;
  await create(
    db,
    'quotes_v1',
    demoQuotesV1.map((row) => ({ ...row })),
  );
}
