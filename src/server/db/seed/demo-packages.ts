/**
 * Demo packages (field guide §16): the three Cerro Azul packages the demo quotes answer, each with its
 * scope (the equipment tags and parts those quotes price), its bidders (the quoting suppliers, one that
 * declined, one still invited) and a status along the workflow: the mills in evaluation, the slurry pumps
 * awarded to Karoo at its revised quote's total (Q-2025-201 Rev 1: 2 x 512,000 + 2 x 39,500 = USD 1,103,000), the
 * conveyor with its bids in.
 */

export type DemoPackageItem = { tag?: string; part?: string; description: string; quantity: string; unit?: string };
export type DemoBidder = { supplier: string; status: 'invited' | 'declined' | 'bid_received' | 'disqualified'; invited_on: string; notes?: string };
export type DemoPackage = {
  package_number: string;
  title: string;
  discipline: string;
  status: string;
  rfq_issue_date: string;
  bid_due_date: string;
  currency: string;
  budget: string;
  award?: { supplier: string; currency: string; amount: string; date: string; po_number?: string };
  notes?: string;
  items: DemoPackageItem[];
  bidders: DemoBidder[];
};

export const DEMO_PACKAGE_PROJECT = 'Cerro Azul Copper Concentrator';

export const demoPackages: DemoPackage[] = [
  {
    package_number: 'PKG-200-01',
    title: 'Grinding mills (SAG and ball mills)',
    discipline: 'MEC',
    status: 'evaluating',
    rfq_issue_date: '2025-06-02',
    bid_due_date: '2025-07-15',
    currency: 'USD',
    budget: '75000000',
    notes: 'Technical evaluation of the gearless drive offers under way.',
    items: [
      { tag: '200-ML-001', description: 'SAG mill 38 ft x 20 ft EGL, gearless drive', quantity: '1', unit: 'ea' },
      { tag: '200-ML-002', description: 'Ball mill 24 ft x 40 ft EGL', quantity: '1', unit: 'ea' },
      { tag: '200-ML-003', description: 'Ball mill 24 ft x 40 ft EGL', quantity: '1', unit: 'ea' },
    ],
    bidders: [
      { supplier: 'Yangtze Heavy Mill Works Co', status: 'bid_received', invited_on: '2025-06-02' },
      { supplier: 'Rhein Antriebstechnik GmbH', status: 'bid_received', invited_on: '2025-06-02' },
      { supplier: 'Maple Crushing Technologies Ltd', status: 'declined', invited_on: '2025-06-02', notes: 'No capacity for mills of this size in 2026.' },
    ],
  },
  {
    package_number: 'PKG-200-02',
    title: 'Cyclone feed slurry pumps',
    discipline: 'MEC',
    status: 'awarded',
    rfq_issue_date: '2025-06-10',
    bid_due_date: '2025-07-10',
    currency: 'USD',
    budget: '1200000',
    award: { supplier: 'Karoo Slurry Pumps (Pty) Ltd', currency: 'USD', amount: '1103000', date: '2025-07-25' },
    items: [
      { tag: '200-PP-001A', description: 'Cyclone feed pump, duty', quantity: '1', unit: 'ea' },
      { tag: '200-PP-001B', description: 'Cyclone feed pump, standby', quantity: '1', unit: 'ea' },
      { part: 'PMP-SLR-200', description: 'Spare slurry pump 200/150', quantity: '2', unit: 'ea' },
    ],
    bidders: [
      { supplier: 'Karoo Slurry Pumps (Pty) Ltd', status: 'bid_received', invited_on: '2025-06-10' },
      { supplier: 'Atacama Valves Ltda', status: 'bid_received', invited_on: '2025-06-10', notes: 'Quoted the knife gate valves only: none of the pumps.' },
      { supplier: 'Iberia Tanks & Agitators SL', status: 'declined', invited_on: '2025-06-10', notes: 'Does not make slurry pumps of this size.' },
    ],
  },
  {
    package_number: 'PKG-100-01',
    title: 'SAG mill feed conveyor',
    discipline: 'MEC',
    status: 'bids_received',
    rfq_issue_date: '2025-06-05',
    bid_due_date: '2025-06-30',
    currency: 'USD',
    budget: '4500000',
    items: [
      { tag: '100-CV-001', description: 'SAG mill feed conveyor, 1,600 mm belt', quantity: '1', unit: 'ea' },
      { part: 'CNV-IDL-1200T', description: 'Troughing idler sets, spares', quantity: '240', unit: 'set' },
    ],
    bidders: [
      { supplier: 'Pacific Conveyor Systems Pty Ltd', status: 'bid_received', invited_on: '2025-06-05' },
      { supplier: 'Lakeshore Drives & Controls Inc', status: 'invited', invited_on: '2025-06-05', notes: 'Asked for the drive scope only; no bid yet.' },
    ],
  },
];
