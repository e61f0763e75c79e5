import { SYSTEM_ACTOR, type Actor } from '../audit/audit-writer';
import { awardAdjudication, freezeRates } from '../modules/adjudications';
import type { Db } from '../db/client';
import { demoAdjudication, demoPumpAdjudication } from './demo-adjudications';
import { create, idsBy, isEmpty } from './seed-entities';

type DemoAdjudication = typeof demoAdjudication | typeof demoPumpAdjudication;

/**
 * The demo adjudications through the engine (the header takes its base currency, the rates freeze from the
 * rates table), once, into an empty adjudications table, after the demo packages and quotes. ADJ-200-01 is
 * then awarded by the award itself (package award and the mills' prices written back); ADJ-200-02 stays at
 * Recommended (demo-adjudications.ts says why). One whose package or quotes a user has deleted is skipped.
 */
export async function seedDemoAdjudications(db: Db, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  if (!(await isEmpty(db, 'adjudications'))) return;
  const [supplierId, packageId, quoteId] = await Promise.all([
    idsBy(db, 'suppliers', 'name'),
    idsBy(db, 'packages', 'package_number'),
    idsBy(db, 'quotes', 'quote_ref'),
  ]);
  for (const demo of [demoAdjudication, demoPumpAdjudication] as DemoAdjudication[]) {
    let pkg: number;
    try {
      pkg = packageId(demo.package);
      for (const bidder of demo.bidders) quoteId(bidder.quote);
    } catch {
      continue;
    }
    await db.transaction(async (tx) => {
      const { adjudication_number, title, rate_date, technical_weight, commercial_weight, notes } = demo;
      const [row] = await create(
        tx,
        'adjudications',
        [
          {
            adjudication_number,
            title,
            rate_date,
            technical_weight,
            commercial_weight,
            notes,
            package_id: pkg,
            status: 'recommended',
            is_testdata: true,
          },
        ],
        actor,
      );
      const id = row!.id;
      await create(
        tx,
        'adjudication_bidders',
        demo.bidders.map(({ supplier, quote, ...bidder }) => ({
          ...bidder,
          adjudication_id: id,
          supplier_id: supplierId(supplier),
          quote_id: quoteId(quote),
        })),
        actor,
      );
      if (demo.adders.length > 0)
        await create(
          tx,
          'adjudication_adders',
          demo.adders.map(({ supplier, ...adder }) => ({
            ...adder,
            adjudication_id: id,
            supplier_id: supplierId(supplier),
          })),
          actor,
        );
      await freezeRates(tx, id, actor);
      if ('award' in demo) await awardAdjudication(tx, id, supplierId(demo.award.supplier), demo.award.reason, actor);
    });
  }
}
