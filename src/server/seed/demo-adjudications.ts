/**
 * The demo adjudication (field guide §16): the Cerro Azul grinding mills (PKG-200-01), where the lowest
 * evaluated bid is not the best weighted score. At the rates of 2025-06-30 Yangtze's USD bid totals
 * 71,750,000.00 and Rhein's EUR 66,500,000 is 72,152,500.00 USD (x 1.0850). Yangtze quoted CIF Antofagasta
 * (freight included) but left out the commissioning spares and asks for an L/C; Rhein quoted FCA Duisburg,
 * four weeks later: evaluated, Yangtze 72,350,000.00 is lowest and Rhein 73,902,500.00. Weighted 60/40,
 * Rhein's proven gearless drive scores 89.20 against Yangtze's 81.20, so Rhein is recommended and awarded,
 * with the reason written.
 */

export const demoAdjudication = {
  adjudication_number: 'ADJ-200-01',
  package: 'PKG-200-01',
  title: 'Grinding mills bid tab',
  rate_date: '2025-06-30',
  technical_weight: 60,
  commercial_weight: 40,
  notes: 'Evaluated on the base scope; options excluded.',
  bidders: [
    {
      supplier: 'Yangtze Heavy Mill Works Co',
      quote: 'Q-2025-101',
      technical_score: '72',
      commercial_score: '95',
      remarks: 'First gearless drive of this size; reference plant not yet in operation.',
    },
    {
      supplier: 'Rhein Antriebstechnik GmbH',
      quote: 'Q-2025-102',
      technical_score: '90',
      commercial_score: '88',
      remarks: 'Three 38 ft SAG mills with this drive in operation.',
    },
  ],
  adders: [
    {
      supplier: 'Yangtze Heavy Mill Works Co',
      kind: 'spares',
      amount: '420000',
      reason: 'Commissioning spares not included: liners and seals as Rhein offers them.',
    },
    {
      supplier: 'Yangtze Heavy Mill Works Co',
      kind: 'exceptions',
      amount: '180000',
      reason: 'L/C at sight instead of 30 days net: bank charges and financing.',
    },
    {
      supplier: 'Rhein Antriebstechnik GmbH',
      kind: 'freight',
      amount: '1150000',
      reason: 'FCA Duisburg: ocean freight and insurance to Antofagasta.',
    },
    {
      supplier: 'Rhein Antriebstechnik GmbH',
      kind: 'schedule',
      amount: '600000',
      reason: 'SAG mill delivery 64 weeks against 60: four weeks of later start-up.',
    },
  ],
  award: {
    supplier: 'Rhein Antriebstechnik GmbH',
    reason:
      "Rhein's gearless drive is proven on three mills of this size (technical 90 against 72); the evaluated difference of 1,552,500.00 USD (2.1 %) is less than the risk of a first-of-its-kind drive.",
  },
} as const;

/**
 * The slurry pumps (PKG-200-02, in evaluation): Karoo's Q-2025-201 Rev 1 totals USD 1,103,000.00 (512,000 x 2
 * + 39,500 x 2 at USD 1; the bidder row names Rev 0, the bid tab reads the revision in force). Atacama bid the
 * knife gate valves only: 0 of 3 lines, so its bid has no total and is neither lowest nor recommended
 * ("Incomplete: quoted 0 of 3 lines"), however it scores. Karoo's alternative spare pump (line 4, USD 73,000.00)
 * and Rev 1's commissioning spares option (line 5, USD 18,500.00) are offered and not chosen: outside the total.
 * The bid tab stays at Recommended (Karoo, 83.00) while Atacama's clarification is open (demo-packages.ts); an
 * award would need a reason for that.
 */
export const demoPumpAdjudication = {
  adjudication_number: 'ADJ-200-02',
  package: 'PKG-200-02',
  title: 'Cyclone feed slurry pumps bid tab',
  rate_date: '2025-06-30',
  technical_weight: 60,
  commercial_weight: 40,
  notes:
    "Evaluated on the base scope: Karoo's alternative rubber-lined spare pump (line 4) not chosen. Atacama quoted the knife gate valves only.",
  bidders: [
    {
      supplier: 'Karoo Slurry Pumps (Pty) Ltd',
      quote: 'Q-2025-201',
      technical_score: '85',
      commercial_score: '80',
      remarks: 'Cyclone feed pumps of this size on two copper concentrators in Chile.',
    },
    {
      supplier: 'Atacama Valves Ltda',
      quote: 'Q-2025-203',
      technical_score: '20',
      commercial_score: '90',
      remarks: 'Quoted the knife gate valves only: none of the pumps.',
    },
  ],
  adders: [],
} as const;
