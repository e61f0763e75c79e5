import { SYSTEM_ACTOR, type Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { create, idsBy, isEmpty } from './seed-entities';

/**
 * Cerro Azul's CAPEX factors (field guide §14 and §16): per category where the work differs from the
 * project's 0.45 installation and 0.75 bulks (grinding mills install heavier but carry fewer bulks per
 * dollar; pumps and thickeners the reverse). With the header's 15 % EPCM, 5 % owner's costs and 17.5 %
 * contingency the Lang factor lands near 3.1, the field guide's figure for solids processing (it states no
 * CAPEX range in dollars). Once, into an empty list.
 */
export const DEMO_CAPEX_PROJECT = 'Cerro Azul Copper Concentrator';
export const demoCapexFactors: { category: string; install_factor: string; bulks_factor: string; notes: string }[] = [
  {
    category: 'ME.CMN',
    install_factor: '0.400',
    bulks_factor: '0.700',
    notes: 'Mills and crushers: heavy lifts and foundations, few bulks per dollar of equipment',
  },
  { category: 'ME.PMP', install_factor: '0.550', bulks_factor: '0.950', notes: 'Pumps: piping and electrical heavy' },
  {
    category: 'ME.SLS',
    install_factor: '0.500',
    bulks_factor: '0.850',
    notes: 'Thickeners, cyclones, filters: site-built tanks and structures',
  },
];

export async function seedDemoCapex(db: Db, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  if (!(await isEmpty(db, 'capex_factors'))) return;
  const [projectId, categoryId] = await Promise.all([
    idsBy(db, 'projects', 'name'),
    idsBy(db, 'item_categories', 'code'),
  ]);
  const project = projectId(DEMO_CAPEX_PROJECT);
  await create(
    db,
    'capex_factors',
    demoCapexFactors.map(({ category, ...factors }) => ({
      ...factors,
      project_id: project,
      category_id: categoryId(category),
    })),
    actor,
  );
}
