/**
 * A demo proposals pipeline (field guide §11) for the demo clients: one proposal at each stage, with fee
 * lines by discipline (hours x rate per hour) and expenses. Clients, currencies and disciplines are given
 * by name or code and resolved at seed time; every proposal is is_testdata.
 */
type DemoLine = { discipline: string; description: string; hours: string; rate: string };
export type DemoProposal = {
  proposal_number: string;
  client: string;
  title: string;
  scope_summary: string;
  fee_basis: 'lump_sum' | 'time_and_materials' | 'reimbursable';
  currency: string;
  expenses: string;
  submission_date: string | null;
  status: 'draft' | 'submitted' | 'won' | 'lost' | 'withdrawn';
  win_probability: string;
  lines: DemoLine[];
};

export const demoProposals: DemoProposal[] = [
  {
    proposal_number: 'PR-2025-001',
    client: 'Cordillera Copper Corp',
    title: 'Cerro Azul concentrator: feasibility study engineering',
    scope_summary:
      'Process design, mechanical equipment list, electrical load list and a class 3 estimate for the 30 kt/d concentrator.',
    fee_basis: 'lump_sum',
    currency: 'USD',
    expenses: '18500.00',
    submission_date: '2025-03-14',
    status: 'won',
    win_probability: '100',
    lines: [
      { discipline: 'PRO', description: 'Process design criteria and mass balance', hours: '620', rate: '185.50' },
      { discipline: 'MEC', description: 'Mechanical equipment list and datasheets', hours: '480', rate: '172.00' },
      { discipline: 'ELE', description: 'Electrical load list and single lines', hours: '260', rate: '168.00' },
    ],
  },
  {
    proposal_number: 'PR-2025-004',
    client: 'Redstone Lithium Ltd',
    title: 'Carrow North expansion: DFS process and piping',
    scope_summary:
      'Definitive feasibility study of the spodumene concentrator expansion: flowsheet, line list and piping layouts.',
    fee_basis: 'lump_sum',
    currency: 'AUD',
    expenses: '24000.00',
    submission_date: '2025-06-02',
    status: 'submitted',
    win_probability: '60',
    lines: [
      { discipline: 'PRO', description: 'Flowsheet and mass balance update', hours: '400', rate: '210.00' },
      { discipline: 'PIP', description: 'Line list and piping layouts', hours: '720', rate: '195.00' },
      { discipline: 'CIV', description: 'Earthworks and foundations', hours: '300', rate: '180.00' },
    ],
  },
  {
    proposal_number: 'PR-2025-005',
    client: 'Boreal Battery Metals Oy',
    title: 'Kokkola hydroxide refinery: owner’s engineer services',
    scope_summary:
      'Owner’s engineer for the EPCM phase: design reviews, vendor document reviews and site surveillance.',
    fee_basis: 'time_and_materials',
    currency: 'EUR',
    expenses: '42000.00',
    submission_date: '2025-07-21',
    status: 'submitted',
    win_probability: '40',
    lines: [
      { discipline: 'PRO', description: 'Process design reviews', hours: '900', rate: '165.00' },
      { discipline: 'INS', description: 'Control system and instrument reviews', hours: '640', rate: '158.00' },
    ],
  },
  {
    proposal_number: 'PR-2025-007',
    client: 'Northern Shield Nickel Ltd',
    title: 'Sudbury tailings thickener upgrade: concept study',
    scope_summary: 'Concept options for a high-rate thickener, with a class 5 estimate.',
    fee_basis: 'lump_sum',
    currency: 'USD',
    expenses: '6500.00',
    submission_date: null,
    status: 'draft',
    win_probability: '30',
    lines: [
      { discipline: 'PRO', description: 'Options study and thickener sizing', hours: '160', rate: '185.50' },
      { discipline: 'STR', description: 'Thickener support structure concept', hours: '80', rate: '175.00' },
    ],
  },
  {
    proposal_number: 'PR-2024-019',
    client: 'Sahel Gold Mining SA',
    title: 'CIL plant debottlenecking study',
    scope_summary: 'Debottlenecking of the leach circuit and the elution plant.',
    fee_basis: 'reimbursable',
    currency: 'USD',
    expenses: '15000.00',
    submission_date: '2024-11-08',
    status: 'lost',
    win_probability: '0',
    lines: [{ discipline: 'PRO', description: 'Plant survey and debottlenecking study', hours: '540', rate: '180.00' }],
  },
  {
    proposal_number: 'PR-2025-002',
    client: 'Great Basin Minerals Inc',
    title: 'Clay lithium pilot plant: detailed design',
    scope_summary: 'Detailed design of a 1 t/h pilot plant; withdrawn when the client deferred the pilot.',
    fee_basis: 'lump_sum',
    currency: 'USD',
    expenses: '9000.00',
    submission_date: '2025-02-10',
    status: 'withdrawn',
    win_probability: '0',
    lines: [
      { discipline: 'MEC', description: 'Pilot plant equipment design', hours: '350', rate: '172.00' },
      { discipline: 'ELE', description: 'Pilot plant power and controls', hours: '180', rate: '168.00' },
    ],
  },
];
