import { getEntitySchema } from '../../../schemas/registry';
import type { EntitySchema } from '../../../schemas/schema-types';

/**
 * The lists of a project document (src/schemas/entities/project-lists.ts), in the order they are deleted:
 * every list before the lists its rows refer to (a stream refers to equipment and drawings, a cable to its
 * instrument, an instrument to its line, equipment and P&ID, everything to its area), the header last.
 */
export const DELETE_ORDER = ['streams', 'racking', 'cabling', 'instruments', 'piping', 'mech_equipment', 'pfds', 'pids', 'areas', 'projects'] as const;
export type DocumentEntity = (typeof DELETE_ORDER)[number];
export type DocumentList = Exclude<DocumentEntity, 'projects'>;

export const DOCUMENT_LISTS = DELETE_ORDER.filter((name): name is DocumentList => name !== 'projects');

export const schemaOf = (name: DocumentEntity): EntitySchema => getEntitySchema(name);

/**
 * What a row of the document contains, as the spec's document shape (§3) nests it: a cascade delete of a
 * row deletes these with it. An area contains every row whose area (projarea_id) it is; an instrument its
 * cables and racking; equipment the instruments mounted on it and the streams from or to it; a P&ID or PFD
 * the streams on it. Each edge names the child list and the lookup pointing at the parent. Parents come in
 * an order where a parent's own parents come first, so one pass finds every descendant.
 */
export const CONTENTS: readonly { parent: DocumentList; child: DocumentList; field: string }[] = [
  { parent: 'areas', child: 'mech_equipment', field: 'projarea_id' },
  { parent: 'areas', child: 'instruments', field: 'projarea_id' },
  { parent: 'areas', child: 'piping', field: 'projarea_id' },
  { parent: 'areas', child: 'racking', field: 'projarea_id' },
  { parent: 'areas', child: 'pids', field: 'projarea_id' },
  { parent: 'areas', child: 'pfds', field: 'projarea_id' },
  { parent: 'mech_equipment', child: 'instruments', field: 'equipment_id' },
  { parent: 'mech_equipment', child: 'streams', field: 'from_equipment_id' },
  { parent: 'mech_equipment', child: 'streams', field: 'to_equipment_id' },
  { parent: 'instruments', child: 'cabling', field: 'instrument_id' },
  { parent: 'instruments', child: 'racking', field: 'instrument_id' },
  { parent: 'pids', child: 'streams', field: 'pid_id' },
  { parent: 'pfds', child: 'streams', field: 'pfd_id' },
];
