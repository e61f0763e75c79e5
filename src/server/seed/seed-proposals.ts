import { SYSTEM_ACTOR, type Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { demoProposals } from './demo-proposals';
import { create, idsBy, isEmpty } from './seed-entities';

/**
 * The demo proposals pipeline, through the engine (every rule runs; each fee line's amount is derived),
 * into an empty proposals table only, so a restart never duplicates or overwrites a user's proposals. A
 * proposal is created in the state it is in: the workflow constrains moves, not where a row starts.
 */
export async function seedDemoProposals(db: Db, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  if (!(await isEmpty(db, 'proposals'))) return;
  const clientId = await idsBy(db, 'clients', 'name');
  const currencyId = await idsBy(db, 'currencies', 'code');
  const disciplineId = await idsBy(db, 'disciplines', 'code');
  await db.transaction(async (tx) => {
    const headers = await create(
      tx,
      'proposals',
      demoProposals.map(({ lines: _lines, client, currency, ...proposal }) => ({
        ...proposal,
        client_id: clientId(client),
        currency_id: currencyId(currency),
        is_testdata: true,
      })),
      actor,
    );
    const lines = demoProposals.flatMap((proposal, i) =>
      proposal.lines.map(({ discipline, ...line }) => ({
        ...line,
        proposal_id: headers[i]!.id,
        discipline_id: disciplineId(discipline),
      })),
    );
    await create(tx, 'proposal_lines', lines, actor);
  });
}
