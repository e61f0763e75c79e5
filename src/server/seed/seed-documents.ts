import { SYSTEM_ACTOR, type Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { DEMO_CAPEX_PROJECT } from './seed-capex';
import { create, idsBy, isEmpty } from './seed-entities';

/**
 * Cerro Azul's document register (#31): the deliverables a concentrator's engineering team issues, numbered by
 * the project's template (P-2025-007-IN-LST-001...), none issued yet: a new user issues them and sees the
 * revision table, the title block and, after a change, the revision triangles. Once, into an empty register.
 */
export const demoDocuments: {
  title: string;
  doc_type: string;
  adjudication?: string;
  prepared_by: string;
  checked_by: string;
  approved_by: string;
}[] = [
  {
    title: 'Instrument index',
    doc_type: 'instrument_index',
    prepared_by: 'A. Quispe',
    checked_by: 'M. Rojas',
    approved_by: 'L. Fernández',
  },
  {
    title: 'Cable schedule',
    doc_type: 'cable_schedule',
    prepared_by: 'A. Quispe',
    checked_by: 'M. Rojas',
    approved_by: 'L. Fernández',
  },
  {
    title: 'Mechanical equipment list',
    doc_type: 'equipment_list',
    prepared_by: 'C. Mamani',
    checked_by: 'J. Ortiz',
    approved_by: 'L. Fernández',
  },
  {
    title: 'Line list',
    doc_type: 'line_list',
    prepared_by: 'C. Mamani',
    checked_by: 'J. Ortiz',
    approved_by: 'L. Fernández',
  },
  {
    title: 'P&ID register',
    doc_type: 'pid_register',
    prepared_by: 'R. Huamán',
    checked_by: 'J. Ortiz',
    approved_by: 'L. Fernández',
  },
  {
    title: 'Bid tab: grinding mills (PKG-200-01)',
    doc_type: 'bid_tab',
    adjudication: 'ADJ-200-01',
    prepared_by: 'S. Vargas',
    checked_by: 'J. Ortiz',
    approved_by: 'L. Fernández',
  },
  {
    title: 'CAPEX estimate',
    doc_type: 'capex',
    prepared_by: 'S. Vargas',
    checked_by: 'M. Rojas',
    approved_by: 'L. Fernández',
  },
];

export async function seedDemoDocuments(db: Db, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  if (!(await isEmpty(db, 'project_documents'))) return;
  const [projectId, adjudicationId] = await Promise.all([
    idsBy(db, 'projects', 'name'),
    idsBy(db, 'adjudications', 'adjudication_number'),
  ]);
  const project = projectId(DEMO_CAPEX_PROJECT);
  await create(
    db,
    'project_documents',
    demoDocuments.map(({ adjudication, ...row }) => ({
      ...row,
      project_id: project,
      adjudication_id: adjudication ? adjudicationId(adjudication) : null,
    })),
    actor,
  );
}
