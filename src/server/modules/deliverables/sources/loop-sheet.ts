import { getEntitySchema } from '../../../../schemas/registry';
import type { EntityRow } from '../../../../schemas/schema-types';
import { AppError } from '../../../http/app-error';
import type { DocColumn, DocRow, DocSection } from '../document-model';
import { cabinetKind, liveCables } from './cable-ends';
import { fieldColumn, liveRows, type ListColumn } from './list-columns';
import type { SourceContext, SourceResult } from './source-context';

/**
 * The loop sheet deliverable (#31 item 2): one instrument loop as tables, read from the revision's snapshot. The
 * loop is the register row's `loop_number`; its instruments are the live instruments with that loop number; its
 * cables the live cables of those instruments; its junction boxes and panels the cable ends that name a cabinet
 * (JB-, PNL-, MCC-, PLC-, RIO-...: cable-ends.ts), each with the cables that reach it; its I/O points the
 * instruments with an I/O type.
 */

function loopInstruments(ctx: SourceContext): { loop: string; instruments: EntityRow[] } {
  const loop = typeof ctx.document.loop_number === 'string' ? ctx.document.loop_number.trim() : '';
  if (loop === '')
    throw new AppError('validation_failed', 'A loop sheet prints a loop: type its Loop number in the register first.', {
      fields: { loop_number: 'Required for a loop sheet' },
    });
  const instruments = liveRows(ctx.lists.instruments).filter(
    (row) => typeof row.loop_number === 'string' && row.loop_number.trim() === loop,
  );
  if (instruments.length === 0)
    throw new AppError(
      'validation_failed',
      `No instrument of this project is in loop ${loop}: check the Loop number, or the instruments' Loop.`,
      { fields: { loop_number: `No instrument in loop ${loop}` } },
    );
  return { loop, instruments };
}

function tableOf(
  ctx: SourceContext,
  list: 'instruments' | 'cabling',
  title: string,
  columns: readonly ListColumn[],
  rows: readonly EntityRow[],
  keyPrefix: string = list,
): DocSection {
  return {
    title,
    columns: columns.map((c) => c.column),
    rows: rows.map((row) => ({
      key: `${keyPrefix}:${row.id as number}`,
      changedIn: ctx.changedIn(list, row.id as number),
      cells: columns.map((c) => c.cell(row)),
    })),
  };
}

function cabinetsSection(ctx: SourceContext, cables: readonly EntityRow[]): DocSection {
  const reached = new Map<string, EntityRow[]>();
  for (const cable of cables) {
    for (const end of [cable.from_tag, cable.to_tag]) {
      if (typeof end === 'string' && cabinetKind(end)) reached.set(end, [...(reached.get(end) ?? []), cable]);
    }
  }
  const columns: DocColumn[] = [
    { key: 'tag', label: 'Tag', kind: 'text', width: 16 },
    { key: 'kind', label: 'Kind', kind: 'text', width: 22 },
    { key: 'cables', label: 'Cables reaching it', kind: 'text', width: 50 },
  ];
  const rows: DocRow[] = [...reached.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, reaching]) => {
      const changedIn = reaching.map((cable) => ctx.changedIn('cabling', cable.id as number)).find(Boolean);
      return {
        key: `cabinet:${tag}`,
        ...(changedIn ? { changedIn } : {}),
        cells: [tag, cabinetKind(tag), reaching.map((cable) => String(cable.cable_tag)).join(', ')],
      };
    });
  return { title: 'Junction boxes and panels', columns, rows };
}

export function loopSheet(ctx: SourceContext): SourceResult {
  const { loop, instruments } = loopInstruments(ctx);
  const ids = new Set<unknown>(instruments.map((row) => row.id));
  const cables = liveCables(ctx).filter((cable) => ids.has(cable.instrument_id));
  const instrument = (name: string, extra: Partial<DocColumn> = {}) =>
    fieldColumn(getEntitySchema('instruments'), name, ctx.labelOf, extra);
  const cable = (name: string, extra: Partial<DocColumn> = {}) =>
    fieldColumn(getEntitySchema('cabling'), name, ctx.labelOf, extra);
  const sections: DocSection[] = [
    tableOf(
      ctx,
      'instruments',
      `Loop ${loop}: instruments`,
      ['tagno', 'letters', 'service', 'signal', 'io_type', 'range_low', 'range_high', 'range_unit'].map((name) =>
        instrument(name),
      ),
      instruments,
    ),
    tableOf(
      ctx,
      'cabling',
      'Cables',
      ['cable_tag', 'from_tag', 'to_tag', 'cable_type', 'cores_size', 'length_m'].map((name) => cable(name)),
      cables,
    ),
    cabinetsSection(ctx, cables),
    tableOf(
      ctx,
      'instruments',
      'I/O points',
      ['tagno', 'io_type', 'signal'].map((name) => instrument(name)),
      instruments.filter((row) => row.io_type !== null && row.io_type !== undefined && row.io_type !== ''),
      'io',
    ),
  ];
  return { sections };
}
