import { SYSTEM_ACTOR, type Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { DEMO_PACKAGE_PROJECT, demoPackages } from './demo-packages';
import { create, idsBy, isEmpty } from './seed-entities';

/**
 * The demo packages through the entity engine (every rule: item tags of the project, a clarification's item of
 * its package), with their items, bidders and clarifications, once, into an empty packages table, after the projects, parts and suppliers they name and
 * before the demo quotes that point at them. Each starts in its state (the workflow governs moves).
 */
export async function seedDemoPackages(db: Db, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  if (!(await isEmpty(db, 'packages'))) return;
  const [supplierId, currencyId, projectId, partId, disciplineId, unitId] = await Promise.all([
    idsBy(db, 'suppliers', 'name'),
    idsBy(db, 'currencies', 'code'),
    idsBy(db, 'projects', 'name'),
    idsBy(db, 'parts', 'part_no'),
    idsBy(db, 'disciplines', 'code'),
    idsBy(db, 'units', 'code'),
  ]);
  const project = projectId(DEMO_PACKAGE_PROJECT);
  await db.transaction(async (tx) => {
    const headers = await create(
      tx,
      'packages',
      demoPackages.map(
        ({
          items: _items,
          bidders: _bidders,
          clarifications: _clarifications,
          award,
          discipline,
          currency,
          ...pkg
        }) => ({
          ...pkg,
          project_id: project,
          discipline_id: disciplineId(discipline),
          currency_id: currencyId(currency),
          ...(award
            ? {
                award_supplier_id: supplierId(award.supplier),
                award_currency_id: currencyId(award.currency),
                award_amount: award.amount,
                award_date: award.date,
                po_number: award.po_number,
              }
            : {}),
          is_testdata: true,
        }),
      ),
      actor,
    );
    const items = await create(
      tx,
      'package_items',
      demoPackages.flatMap((pkg, p) =>
        pkg.items.map(({ part, unit, ...item }, i) => ({
          ...item,
          package_id: headers[p]!.id,
          item_no: i + 1,
          part_id: part ? partId(part) : undefined,
          unit_id: unit ? unitId(unit) : undefined,
        })),
      ),
      actor,
    );
    await create(
      tx,
      'package_bidders',
      demoPackages.flatMap((pkg, p) =>
        pkg.bidders.map(({ supplier, ...bidder }) => ({
          ...bidder,
          package_id: headers[p]!.id,
          supplier_id: supplierId(supplier),
        })),
      ),
      actor,
    );
    const clarifications = demoPackages.flatMap((pkg, p) =>
      (pkg.clarifications ?? []).map((clarification) => ({ clarification, p })),
    );
    await create(
      tx,
      'clarifications',
      clarifications.map(({ clarification: { supplier, item, ...clarification }, p }) => ({
        ...clarification,
        package_id: headers[p]!.id,
        supplier_id: supplierId(supplier),
        package_item_id:
          item === undefined
            ? undefined
            : items.find((row) => row.package_id === headers[p]!.id && row.item_no === item)!.id,
      })),
      actor,
    );
  });
}
