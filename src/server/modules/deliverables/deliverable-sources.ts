import type { DeliverableType } from '../../../lib/deliverables';
import { getEntitySchema } from '../../../schemas/registry';
import { DOCUMENT_LISTS, type DocumentList } from '../projects';
import { bidTab } from './sources/bid-tab';
import { capexEstimate } from './sources/capex';
import { datasheet } from './sources/datasheet';
import { electricalLoadList } from './sources/electrical-load-list';
import { ioList } from './sources/io-list';
import { loopSheet } from './sources/loop-sheet';
import { cableSchedule, equipmentList, instrumentIndex, lineList, pidRegister } from './sources/project-lists';
import type { SourceContext, SourceResult } from './sources/source-context';

/**
 * Where each deliverable type reads its rows (#31 item 2), and how its revision triangles are found:
 * `changes`, a project list frozen in revisions, marks the rows the change summary lists between the previous
 * issue's revision and this one; `digests`, a document read from outside the project's lists (the bid tab, the
 * CAPEX estimate, a duty sheet), marks the rows whose printed cells differ from the previous issue's.
 */
export type DeliverableSource = {
  build: (ctx: SourceContext) => SourceResult | Promise<SourceResult>;
  marks: 'changes' | 'digests';
  /**
   * The project lists it prints (read from the snapshot, and compared for its triangles); the lists their lookups
   * name are read with them for labels (listsToRead). A bid tab reads none: a 35,000-row project is not read for it.
   */
  reads: readonly DocumentList[];
};

export const DELIVERABLE_SOURCES: Record<DeliverableType, DeliverableSource> = {
  equipment_list: { build: equipmentList, marks: 'changes', reads: ['mech_equipment'] },
  instrument_index: { build: instrumentIndex, marks: 'changes', reads: ['instruments'] },
  io_list: { build: ioList, marks: 'changes', reads: ['instruments'] },
  cable_schedule: { build: cableSchedule, marks: 'changes', reads: ['cabling'] },
  line_list: { build: lineList, marks: 'changes', reads: ['piping'] },
  electrical_load_list: { build: electricalLoadList, marks: 'changes', reads: ['mech_equipment', 'cabling'] },
  datasheet: { build: datasheet, marks: 'digests', reads: ['mech_equipment'] },
  loop_sheet: { build: loopSheet, marks: 'changes', reads: ['instruments', 'cabling'] },
  pid_register: { build: pidRegister, marks: 'changes', reads: ['pids', 'pfds'] },
  bid_tab: { build: bidTab, marks: 'digests', reads: [] },
  capex: { build: capexEstimate, marks: 'digests', reads: [] },
};

/** A source's lists and the project lists their lookups name (an instrument's area, equipment, line and P&ID; a cable's instrument), plus the areas every list pages by. */
export function listsToRead(source: DeliverableSource): DocumentList[] {
  if (source.reads.length === 0) return [];
  const wanted = new Set<DocumentList>(['areas', ...source.reads]);
  for (const list of source.reads) {
    for (const field of getEntitySchema(list).fields)
      if (field.kind === 'lookup' && (DOCUMENT_LISTS as readonly string[]).includes(field.entity))
        wanted.add(field.entity as DocumentList);
  }
  return DOCUMENT_LISTS.filter((list) => wanted.has(list));
}
