import { sql } from 'drizzle-orm';
import { deliverableType, documentNumber } from '../../../lib/deliverables';
import { AppError } from '../../http/app-error';
import { queryRows } from '../entity-sql';
import { addError } from '../row-checks';
import type { DeleteHook, SaveHook } from './hook-types';

/** The document register's rules (#31): numbers from the project's template, and issued documents kept. */

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A new register row without a number is numbered from its project's template ({project}-{discipline}-{type}-{seq}):
 * the next sequence after the highest one the project's numbers of that prefix carry (and those given earlier in
 * this save). A row without a discipline takes its type's usual one. Runs before the key is checked, under a
 * per-project advisory lock, so two saves never give one number twice.
 */
export const documentNumbers: SaveHook = async ({ db, candidates, errors }) => {
  const waiting = candidates.flatMap((c, slot) =>
    typeof c.values.project_id === 'number' && c.id === undefined ? [{ c, slot }] : [],
  );
  for (const { c, slot } of waiting) {
    const type = deliverableType(String(c.values.doc_type ?? ''));
    if (type && !c.values.discipline) c.values.discipline = type.discipline;
    if (c.values.doc_number) continue;
    if (!type) {
      addError(errors, slot, 'doc_number', 'Choose the type first: the number is made from it');
      continue;
    }
    const projectId = c.values.project_id as number;
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`project_documents#${projectId}`}))`);
    const [project] = await queryRows<{ project_number: string | null; template: string | null }>(
      db,
      sql`select project_number, document_number_template as template from projects where id = ${projectId}`,
    );
    if (!project) continue; // the lookup check names the missing project
    const parts = {
      project: project.project_number ?? `P${projectId}`,
      discipline: String(c.values.discipline),
      type: type.code,
    };
    const [before, after = ''] = documentNumber(project.template, parts, 0).split('000');
    const pattern = `^${escapeRegex(before ?? '')}(\\d{3,})${escapeRegex(after)}$`;
    const taken = await queryRows<{ top: number | null }>(
      db,
      sql`select max((substring(doc_number from ${pattern}))::int) as top from project_documents where project_id = ${projectId} and doc_number ~ ${pattern}`,
    );
    const inSave = candidates
      .map((other) => new RegExp(pattern).exec(String(other.values.doc_number ?? ''))?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number);
    const next = Math.max(taken[0]?.top ?? 0, ...inSave) + 1;
    c.values.doc_number = documentNumber(project.template, parts, next);
  }
};

/** An issued document is a record: its register row stays (its issues would go with it). */
export const issuedDocumentsStay: DeleteHook = async (db, _schema, ids) => {
  const issued = await queryRows<{ doc_number: string; revisions: string }>(
    db,
    sql`select d.doc_number, string_agg(i.revision, ', ' order by i.issued_at) as revisions from project_documents d join document_issues i on i.document_id = d.id
        where d.id = any(${`{${ids.join(',')}}`}::int[]) group by d.id, d.doc_number order by d.doc_number`,
  );
  if (issued.length === 0) return;
  const named = issued.map((d) => `${d.doc_number} (revision ${d.revisions})`).join(', ');
  throw new AppError(
    'conflict',
    `${named} ${issued.length === 1 ? 'has' : 'have'} been issued: an issued document stays in the register with every issue downloadable. Leave it, and say in its remarks that it is superseded.`,
  );
};
