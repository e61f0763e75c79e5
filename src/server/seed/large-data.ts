/**
 * A deterministic generator of many realistic lithium-project rows, for benchmarks and for trying the grid
 * on data sets larger than the demo (`npm run seed:large`). Same seed, same rows.
 */
const OWNERS = [
  'Redstone Lithium Ltd',
  'Andes Litio SpA',
  'Pampa Salt & Chemicals SA',
  'Great Basin Minerals Inc',
  'Boreal Battery Metals Oy',
  'Northern Shield Nickel Ltd',
  'Karoo Platinum Holdings',
  'Cordillera Copper Corp',
];
const PLACES: [country: string, region: string, lat: number, lon: number][] = [
  ['Australia', 'Western Australia', -21.0, 118.9],
  ['Argentina', 'Salta', -24.4, -67.0],
  ['Argentina', 'Catamarca', -26.6, -67.4],
  ['Chile', 'Atacama', -26.9, -69.1],
  ['United States', 'Nevada', 40.3, -117.6],
  ['Canada', 'Quebec', 52.2, -77.6],
  ['Finland', 'Central Ostrobothnia', 63.8, 23.1],
  ['Zimbabwe', 'Masvingo', -20.1, 31.6],
  ['Brazil', 'Minas Gerais', -16.9, -42.1],
  ['Bolivia', 'Potosí', -20.5, -67.3],
];
const DEPOSITS = ['brine', 'hard_rock', 'clay'] as const;
const STAGES = [
  'exploration',
  'resource_definition',
  'pea',
  'pfs',
  'dfs',
  'construction',
  'production',
  'care_maintenance',
] as const;
const NAMES = [
  'North',
  'South',
  'East',
  'West',
  'Central',
  'Upper',
  'Lower',
  'Deep',
  'Ridge',
  'Basin',
  'Creek',
  'Lake',
  'Flats',
  'Hills',
  'Valley',
];

/** mulberry32: a tiny seeded PRNG, so generated data sets are reproducible. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

/** `count` rows for lithium_projects, as wire values; `currencyId` is the id of USD for the CAPEX currency. */
export function generateLithiumProjects(
  count: number,
  currencyId: number,
  seed = 42,
  firstNumber = 1,
): Record<string, unknown>[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const [country, region, lat, lon] = pick(next, PLACES);
    const stage = pick(next, STAGES);
    const early = stage === 'exploration' || stage === 'resource_definition';
    return {
      project: `${pick(next, NAMES)} ${region.split(' ')[0]} ${String(firstNumber + i).padStart(6, '0')}`,
      owner: pick(next, OWNERS),
      deposit_type: pick(next, DEPOSITS),
      stage,
      country,
      region,
      latitude: (lat + (next() - 0.5) * 2).toFixed(6),
      longitude: (lon + (next() - 0.5) * 2).toFixed(6),
      capacity_tpa_lce: early ? null : String(Math.round(5 + next() * 60) * 1000),
      capex_usd: early ? null : (Math.round(50 + next() * 1950) * 1_000_000).toFixed(2),
      capex_currency_id: early ? null : currencyId,
      start_year: early ? null : 2018 + Math.floor(next() * 14),
      source: 'Generated test data',
    };
  });
}
