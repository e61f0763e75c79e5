import type { DeliverableType } from '../../../lib/deliverables';
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
export type DeliverableSource = { build: (ctx: SourceContext) => SourceResult | Promise<SourceResult>; marks: 'changes' | 'digests' };

export const DELIVERABLE_SOURCES: Record<DeliverableType, DeliverableSource> = {
  equipment_list: { build: equipmentList, marks: 'changes' },
  instrument_index: { build: instrumentIndex, marks: 'changes' },
  io_list: { build: ioList, marks: 'changes' },
  cable_schedule: { build: cableSchedule, marks: 'changes' },
  line_list: { build: lineList, marks: 'changes' },
  electrical_load_list: { build: electricalLoadList, marks: 'changes' },
  datasheet: { build: datasheet, marks: 'digests' },
  loop_sheet: { build: loopSheet, marks: 'changes' },
  pid_register: { build: pidRegister, marks: 'changes' },
  bid_tab: { build: bidTab, marks: 'digests' },
  capex: { build: capexEstimate, marks: 'digests' },
};
