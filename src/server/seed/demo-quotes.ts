/**
 * Demo quotes (field guide §16): bidders on the Cerro Azul packages quoting in EUR, CLP, AUD and USD at
 * the rates of 2025-06-30, one quote expired, each pointing at its package (demo-packages.ts). Their lines name Cerro Azul's equipment tags or catalogue
 * parts, so the part document (PMP-SLR-200) has statistics to show: two valid quotes and an expired one
 * (their base lines: Karoo's alternative rubber-lined spare pump on Q-2025-201 is outside the statistics
 * and the quote's total). Q-2025-201 has a Rev 1 (demoQuoteRevisions, below).
 */

export type DemoQuoteLine = {
  tag?: string;
  part?: string;
  description: string;
  quantity: string;
  unit_price: string | null;
  lead_time_weeks?: number;
  line_status?: 'quoted' | 'not_quoted';
  line_type?: 'base' | 'option' | 'alternative';
};
export type DemoQuote = {
  quote_number: string;
  supplier: string;
  supplier_ref: string;
  /** The package number (seed/demo-packages.ts) the quote answers. */
  package: string;
  currency: string;
  date_received: string;
  valid_until: string;
  status: 'received' | 'under_review' | 'accepted' | 'rejected';
  incoterm: string;
  delivery_point: string;
  payment_terms: string;
  lines: DemoQuoteLine[];
};

export const DEMO_QUOTE_PROJECT = 'Cerro Azul Copper Concentrator';
export const DEMO_QUOTE_RATE_DATE = '2025-06-30';

export const demoQuotes: DemoQuote[] = [
  {
    quote_number: 'Q-2025-101',
    supplier: 'Yangtze Heavy Mill Works Co',
    supplier_ref: 'YHM-CA-0711',
    package: 'PKG-200-01',
    currency: 'USD',
    date_received: '2025-07-11',
    valid_until: '2027-01-31',
    status: 'under_review',
    incoterm: 'CIF',
    delivery_point: 'Port of Antofagasta',
    payment_terms: 'L/C at sight',
    lines: [
      {
        tag: '200-ML-001',
        description: 'SAG mill 38 ft x 20 ft EGL, gearless drive, erection supervision',
        quantity: '1',
        unit_price: '38950000',
        lead_time_weeks: 60,
      },
      {
        tag: '200-ML-002',
        description: 'Ball mill 24 ft x 40 ft EGL, dual pinion',
        quantity: '1',
        unit_price: '16400000',
        lead_time_weeks: 56,
      },
      {
        tag: '200-ML-003',
        description: 'Ball mill 24 ft x 40 ft EGL, dual pinion',
        quantity: '1',
        unit_price: '16400000',
        lead_time_weeks: 56,
      },
      { description: 'Mill relining machine', quantity: '1', unit_price: null, line_status: 'not_quoted' },
    ],
  },
  {
    quote_number: 'Q-2025-102',
    supplier: 'Rhein Antriebstechnik GmbH',
    supplier_ref: 'RA-2025-4471',
    package: 'PKG-200-01',
    currency: 'EUR',
    date_received: '2025-07-14',
    valid_until: '2027-01-15',
    status: 'under_review',
    incoterm: 'FCA',
    delivery_point: 'Duisburg works',
    payment_terms: '30 days net',
    lines: [
      {
        tag: '200-ML-001',
        description: 'SAG mill with gearless motor drive, as per RFQ',
        quantity: '1',
        unit_price: '36200000',
        lead_time_weeks: 64,
      },
      {
        tag: '200-ML-002',
        description: 'Ball mill 24 x 40 ft, dual pinion drive',
        quantity: '1',
        unit_price: '15150000',
        lead_time_weeks: 58,
      },
      {
        tag: '200-ML-003',
        description: 'Ball mill 24 x 40 ft, dual pinion drive',
        quantity: '1',
        unit_price: '15150000',
        lead_time_weeks: 58,
      },
    ],
  },
  {
    quote_number: 'Q-2025-201',
    supplier: 'Karoo Slurry Pumps (Pty) Ltd',
    supplier_ref: 'KSP/Q/25/0388',
    package: 'PKG-200-02',
    currency: 'USD',
    date_received: '2025-07-03',
    valid_until: '2027-03-31',
    status: 'under_review',
    incoterm: 'DAP',
    delivery_point: 'Cerro Azul site',
    payment_terms: '30 days net',
    lines: [
      {
        tag: '200-PP-001A',
        description: 'Cyclone feed pump 26 x 24, rubber lined, VSD-ready',
        quantity: '1',
        unit_price: '512000',
        lead_time_weeks: 26,
      },
      {
        tag: '200-PP-001B',
        description: 'Cyclone feed pump 26 x 24 (standby)',
        quantity: '1',
        unit_price: '512000',
        lead_time_weeks: 26,
      },
      {
        part: 'PMP-SLR-200',
        description: 'Spare pump 200/150, high-chrome wet end',
        quantity: '2',
        unit_price: '41000',
        lead_time_weeks: 18,
      },
      // Offered instead of line 3, outside the total (USD 1,106,000.00 stays the base lines' 512,000 x 2 + 41,000 x 2; Rev 1: 1,103,000.00).
      {
        part: 'PMP-SLR-200',
        description: 'Alternative: spare pump 200/150 with rubber-lined wet end',
        quantity: '2',
        unit_price: '36500',
        lead_time_weeks: 12,
        line_type: 'alternative',
      },
    ],
  },
  {
    quote_number: 'Q-2025-202',
    supplier: 'Karoo Slurry Pumps (Pty) Ltd',
    supplier_ref: 'KSP-AU/Q/25/112',
    package: 'PKG-200-02',
    currency: 'AUD',
    date_received: '2025-07-08',
    valid_until: '2027-02-28',
    status: 'received',
    incoterm: 'CFR',
    delivery_point: 'Port of Antofagasta',
    payment_terms: '45 days EOM',
    lines: [
      {
        part: 'PMP-SLR-200',
        description: 'Slurry pump 200/150 from the Perth branch stock',
        quantity: '2',
        unit_price: '62500',
        lead_time_weeks: 8,
      },
    ],
  },
  {
    quote_number: 'Q-2025-203',
    supplier: 'Atacama Valves Ltda',
    supplier_ref: 'AV-COT-2025-0931',
    package: 'PKG-200-02',
    currency: 'CLP',
    date_received: '2025-07-09',
    valid_until: '2027-01-31',
    status: 'received',
    incoterm: 'DDP',
    delivery_point: 'Cerro Azul site',
    payment_terms: '60 days net',
    lines: [
      {
        description: 'Knife gate valve DN 600, slurry service, pneumatic actuator',
        quantity: '12',
        unit_price: '4850000',
        lead_time_weeks: 12,
      },
    ],
  },
  {
    quote_number: 'Q-2025-301',
    supplier: 'Pacific Conveyor Systems Pty Ltd',
    supplier_ref: 'PCS-T-25-0217',
    package: 'PKG-100-01',
    currency: 'AUD',
    date_received: '2025-07-01',
    valid_until: '2027-06-30',
    status: 'under_review',
    incoterm: 'FOB',
    delivery_point: 'Port of Brisbane',
    payment_terms: '45 days EOM',
    lines: [
      {
        tag: '100-CV-001',
        description: 'SAG mill feed conveyor, 1,600 mm belt, complete',
        quantity: '1',
        unit_price: '6450000',
        lead_time_weeks: 20,
      },
      {
        part: 'CNV-IDL-1200T',
        description: 'Troughing idler sets, spares',
        quantity: '240',
        unit_price: '610',
        lead_time_weeks: 6,
      },
    ],
  },
  {
    quote_number: 'Q-2025-099',
    supplier: 'Karoo Slurry Pumps (Pty) Ltd',
    supplier_ref: 'KSP-EU/Q/25/041',
    package: 'PKG-200-02',
    currency: 'EUR',
    date_received: '2025-06-30',
    valid_until: '2025-09-30',
    status: 'received',
    incoterm: 'EXW',
    delivery_point: 'Rotterdam warehouse',
    payment_terms: '30 days net',
    lines: [
      {
        part: 'PMP-SLR-200',
        description: 'Slurry pump 200/150, budget price (offer lapsed)',
        quantity: '2',
        unit_price: '37800',
        lead_time_weeks: 20,
      },
    ],
  },
];

/**
 * A revised offer (issue #29 item 5): Karoo's Rev 1 of Q-2025-201, received 2025-07-18 after the spare-pump
 * clarification, copied from Rev 0 by the revise action (seed-quotes.ts), then: line 3's spare pump re-priced
 * from USD 41,000 to 39,500, and a commissioning spares kit offered as an option (line 5, outside the total).
 * Rev 1 is the revision in force, so ADJ-200-02 reads it: Karoo 512,000 x 2 + 39,500 x 2 = USD 1,103,000.00
 * (Rev 0 was 1,106,000.00); its alternative (line 4, 2 x 36,500 = 73,000.00) is copied unchanged, the option is
 * USD 18,500.00. The package's award records Rev 1's total (demo-packages.ts). PMP-SLR-200's statistics count
 * Rev 1's 39,500 and no longer Rev 0's 41,000 (one offer, counted once).
 */
export type DemoQuoteRevision = {
  quote_number: string;
  date_received: string;
  notes: string;
  /** Lines of the copy changed, by line number. */
  changes: { line_no: number; unit_price: string }[];
  added: DemoQuoteLine[];
};

export const demoQuoteRevisions: DemoQuoteRevision[] = [
  {
    quote_number: 'Q-2025-201',
    date_received: '2025-07-18',
    notes:
      'Rev 1 after clarification: spare pumps re-priced (line 3), commissioning spares kit offered as an option (line 5).',
    changes: [{ line_no: 3, unit_price: '39500' }],
    added: [
      {
        description: 'Option: commissioning spares kit (wear parts for 200-PP-001A/B)',
        quantity: '1',
        unit_price: '18500',
        lead_time_weeks: 10,
        line_type: 'option',
      },
    ],
  },
];
