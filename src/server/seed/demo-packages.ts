/**
 * Demo packages (field guide §16): the three Cerro Azul packages the demo quotes answer, each with its
 * scope (the equipment tags and parts those quotes price), its bidders (the quoting suppliers, one that
 * declined, one still invited), its clarifications and a status along the workflow: the mills seeded in
 * evaluation and then awarded to Rhein by their adjudication (ADJ-200-01, seed-adjudications.ts), the slurry
 * pumps in evaluation with Karoo recommended on ADJ-200-02 and a query to Atacama still open, the conveyor
 * with its bids in. An awarded package is awarded by its adjudication only, so the two never disagree.
 */

export type DemoPackageItem = { tag?: string; part?: string; description: string; quantity: string; unit?: string };
export type DemoBidder = {
  supplier: string;
  status: 'invited' | 'declined' | 'bid_received' | 'disqualified';
  invited_on: string;
  notes?: string;
};
export type DemoClarification = {
  supplier: string;
  kind: 'technical' | 'commercial';
  /** The item (its position in `items`, from 1) the query concerns; none for the whole bid. */
  item?: number;
  question: string;
  raised_by: string;
  raised_on: string;
  status: 'open' | 'answered' | 'closed';
  answer?: string;
  answered_on?: string;
};
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
  clarifications?: DemoClarification[];
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
    notes:
      'Awarded to Rhein on ADJ-200-01 for its proven gearless drive, above the lowest evaluated bid; PO to follow.',
    items: [
      { tag: '200-ML-001', description: 'SAG mill 38 ft x 20 ft EGL, gearless drive', quantity: '1', unit: 'ea' },
      { tag: '200-ML-002', description: 'Ball mill 24 ft x 40 ft EGL', quantity: '1', unit: 'ea' },
      { tag: '200-ML-003', description: 'Ball mill 24 ft x 40 ft EGL', quantity: '1', unit: 'ea' },
    ],
    bidders: [
      { supplier: 'Yangtze Heavy Mill Works Co', status: 'bid_received', invited_on: '2025-06-02' },
      { supplier: 'Rhein Antriebstechnik GmbH', status: 'bid_received', invited_on: '2025-06-02' },
      {
        supplier: 'Maple Crushing Technologies Ltd',
        status: 'declined',
        invited_on: '2025-06-02',
        notes: 'No capacity for mills of this size in 2026.',
      },
    ],
    clarifications: [
      {
        supplier: 'Rhein Antriebstechnik GmbH',
        kind: 'technical',
        item: 1,
        question:
          "Confirm that the SAG mill's gearless drive keeps the harmonic distortion at the 220 kV bus within the site's 5 % THD limit without extra filters.",
        raised_by: 'L. Fuentes',
        raised_on: '2025-07-18',
        status: 'closed',
        answer:
          'Confirmed: 3.1 % THD at the 220 kV bus with the 12-pulse cycloconverter as offered; study RA-HS-0712 attached to the offer.',
        answered_on: '2025-07-24',
      },
    ],
  },
  {
    package_number: 'PKG-200-02',
    title: 'Cyclone feed slurry pumps',
    discipline: 'MEC',
    status: 'evaluating',
    rfq_issue_date: '2025-06-10',
    bid_due_date: '2025-07-10',
    currency: 'USD',
    budget: '1200000',
    notes:
      'Karoo recommended on ADJ-200-02; Atacama asked to quote the pumps or confirm no bid (clarification 1, open).',
    items: [
      { tag: '200-PP-001A', description: 'Cyclone feed pump, duty', quantity: '1', unit: 'ea' },
      { tag: '200-PP-001B', description: 'Cyclone feed pump, standby', quantity: '1', unit: 'ea' },
      { part: 'PMP-SLR-200', description: 'Spare slurry pump 200/150', quantity: '2', unit: 'ea' },
    ],
    bidders: [
      { supplier: 'Karoo Slurry Pumps (Pty) Ltd', status: 'bid_received', invited_on: '2025-06-10' },
      {
        supplier: 'Atacama Valves Ltda',
        status: 'bid_received',
        invited_on: '2025-06-10',
        notes: 'Quoted the knife gate valves only: none of the pumps.',
      },
      {
        supplier: 'Iberia Tanks & Agitators SL',
        status: 'declined',
        invited_on: '2025-06-10',
        notes: 'Does not make slurry pumps of this size.',
      },
    ],
    clarifications: [
      {
        supplier: 'Atacama Valves Ltda',
        kind: 'commercial',
        question:
          'Your offer AV-COT-2025-0931 prices knife gate valves only. Please quote the cyclone feed pumps and the spares (items 1-3), or confirm that you do not bid them.',
        raised_by: 'L. Fuentes',
        raised_on: '2025-07-14',
        status: 'open',
      },
      {
        supplier: 'Karoo Slurry Pumps (Pty) Ltd',
        kind: 'technical',
        item: 1,
        question:
          'State the NPSH required at the duty point (1,850 m3/h at 42 m) with the rubber-lined casing offered.',
        raised_by: 'L. Fuentes',
        raised_on: '2025-07-14',
        status: 'answered',
        answer: 'NPSHr 6.8 m at the duty point, from the test curve of the 20/18 frame with natural rubber liners.',
        answered_on: '2025-07-17',
      },
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
      {
        supplier: 'Lakeshore Drives & Controls Inc',
        status: 'invited',
        invited_on: '2025-06-05',
        notes: 'Asked for the drive scope only; no bid yet.',
      },
    ],
  },
];
