import { SYSTEM_ACTOR, type Actor } from '../../audit/audit-writer';
import { awardAdjudication, freezeRates } from '../../modules/adjudications/award';
import type { Db } from '../client';
import { demoAdjudication as demo } from './demo-adjudications';
import { create, idsBy, isEmpty } from './seed-entities';

/**
 * The demo adjudication through the engine (the header takes its base currency, the rates freeze from the
 * rates table) and then awarded by the award itself (package award and the mills' prices written back), once,
 * into an empty adjudications table, after the demo packages and quotes. Skipped when a user deleted them.
 */
export async function seedDemoAdjudications(db: Db, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  if (!(await isEmpty(db, 'adjudications'))) return;
  const [supplierId, packageId, quoteId] = await Promise.all([idsBy(db, 'suppliers', 'name'), idsBy(db, 'packages', 'package_number'), idsBy(db, 'quotes', 'quote_number')]);
  let pkg: number;
  try {
    pkg = packageId(demo.package);
    for (const bidder of demo.bidders) quoteId(bidder.quote);
  } catch {
    return;
  }
  await db.transaction(async (tx) => {
    const { bidders, adders, award, package: _pkg, ...header } = demo;
    const [row] = await create(tx, 'adjudications', [{ ...header, package_id: pkg, status: 'recommended', is_testdata: true }], actor);
    const id = row!.id;
    await create(tx, 'adjudication_bidders', bidders.map(({ supplier, quote, ...bidder }) => ({ ...bidder, adjudication_id: id, supplier_id: supplierId(supplier), quote_id: quoteId(quote) })), actor);
    await create(tx, 'adjudication_adders', adders.map(({ supplier, ...adder }) => ({ ...adder, adjudication_id: id, supplier_id: supplierId(supplier) })), actor);
    await freezeRates(tx, id, actor);
    await awardAdjudication(tx, id, supplierId(award.supplier), award.reason, actor);
  });
}
