import Decimal from 'decimal.js';
import { getEntitySchema } from '../../../../schemas/registry';
import type { EntityRow } from '../../../../schemas/schema-types';
import type { DocCell, DocColumn, DocRow, DocSection } from '../document-model';
import { isMcc, liveCables } from './cable-ends';
import { fieldColumn, liveRows } from './list-columns';
import type { SourceContext, SourceResult } from './source-context';

/**
 * The electrical load list deliverable (#31 item 2): the project's electrical loads (equipment with a motor rating
 * or an MCC feeding it) a page per area with totals, then the installed, absorbed and running kW per area and per
 * MCC. Per row: installed kW = qty x the motor rating, absorbed kW = qty x the absorbed kW each (a missing qty
 * counts 1, as in the roll-ups), running kW = the absorbed kW when the row runs, else 0 (a standby is installed,
 * not running): the demand the MCC carries, where the roll-ups' "running kW" counts installed kW. The equipment
 * list has no MCC field: the MCC is the end of a cable whose other end is the equipment's tag (the first such
 * cable by cable tag), "-" when none. In the workbook the kW are formulas over the row (ROUND(qty x each, 2);
 * IF(running, absorbed, 0)) and the summaries SUMIF / COUNTIF over the area sections.
 */

const NO_MCC = '-';
const kw = (key: string, label: string, unit = 'kW', extra: Partial<DocColumn> = {}): DocColumn => ({
  key,
  label,
  unit,
  kind: 'number',
  decimals: 2,
  width: 11,
  ...extra,
});

type Feed = { mcc: string; cableId: number };

/** The MCC feeding each equipment tag: the MCC end of the first cable (by cable tag) whose other end is the tag. */
function mccByTag(ctx: SourceContext): Map<string, Feed> {
  const feeds = new Map<string, Feed>();
  for (const cable of liveCables(ctx)) {
    const [from, to, cableId] = [cable.from_tag, cable.to_tag, cable.id as number];
    if (isMcc(from) && typeof to === 'string' && !feeds.has(to)) feeds.set(to, { mcc: from, cableId });
    if (isMcc(to) && typeof from === 'string' && !feeds.has(from)) feeds.set(from, { mcc: to, cableId });
  }
  return feeds;
}

const numberOf = (value: unknown): Decimal | null =>
  value === null || value === undefined || value === '' ? null : new Decimal(String(value));

type Load = {
  row: EntityRow;
  qty: number;
  mcc: string;
  feed?: Feed;
  installed: number | null;
  absorbed: number | null;
  running: number | null;
};

function loadOf(row: EntityRow, feed: Feed | undefined): Load {
  const qty = typeof row.quantity === 'number' ? row.quantity : 1;
  const times = (each: unknown) => numberOf(each)?.times(qty).toDecimalPlaces(2).toNumber() ?? null;
  const absorbed = times(row.absorbed_kw);
  return {
    row,
    qty,
    mcc: feed?.mcc ?? NO_MCC,
    feed,
    installed: times(row.installed_kw),
    absorbed,
    running: row.running === true ? absorbed : 0,
  };
}

function loadColumns(ctx: SourceContext) {
  const schema = getEntitySchema('mech_equipment');
  const field = (name: string, extra: Partial<DocColumn> = {}) => fieldColumn(schema, name, ctx.labelOf, extra);
  const tag = field('tagno');
  const description = field('description', { width: 30 });
  const duty = field('duty_role', { width: 10 });
  const standbyFor = field('standby_for_id', { width: 14 });
  const running = field('running', { width: 8 });
  const columns: DocColumn[] = [
    tag.column,
    description.column,
    { key: 'quantity', label: 'Qty', kind: 'number', decimals: 0, width: 6, total: true },
    duty.column,
    standbyFor.column,
    running.column,
    kw('rating', 'Motor rating', 'kW each'),
    kw('absorbed_each', 'Absorbed', 'kW each'),
    kw('installed_kw', 'Installed', 'kW', { total: true }),
    kw('absorbed_kw', 'Absorbed', 'kW', { total: true }),
    kw('running_kw', 'Running', 'kW', { total: true }),
    { key: 'mcc', label: 'MCC', kind: 'text', width: 12 },
  ];
  const product = (value: number | null, each: string): DocCell =>
    value === null ? null : { value, formula: `ROUND(N({quantity})*N({${each}}),2)` };
  const cells = (load: Load): DocCell[] => [
    tag.cell(load.row),
    description.cell(load.row),
    load.qty,
    duty.cell(load.row),
    standbyFor.cell(load.row),
    running.cell(load.row),
    numberOf(load.row.installed_kw)?.toNumber() ?? null,
    numberOf(load.row.absorbed_kw)?.toNumber() ?? null,
    product(load.installed, 'rating'),
    product(load.absorbed, 'absorbed_each'),
    load.running === null ? null : { value: load.running, formula: `IF({running}="Yes",N({absorbed_kw}),0)` },
    load.mcc,
  ];
  return { columns, cells };
}

/** The loads by area in the areas' order (loads without an area last), only areas that have loads. */
function byArea(
  ctx: SourceContext,
  loads: readonly Load[],
): { id: string; code: string; name: string; loads: Load[] }[] {
  const areas = liveRows(ctx.lists.areas);
  const groups = [];
  for (const area of [...areas, null]) {
    const inArea = loads.filter((load) =>
      area === null ? !areas.some((a) => a.id === load.row.projarea_id) : load.row.projarea_id === area.id,
    );
    if (inArea.length === 0) continue;
    groups.push(
      area === null
        ? { id: 'area-none', code: 'no area', name: 'No area', loads: inArea }
        : {
            id: `area-${area.id as number}`,
            code: String(area.areacode),
            name: `Area ${String(area.areacode)} - ${String(area.description ?? '')}`,
            loads: inArea,
          },
    );
  }
  return groups;
}

const sum = (values: readonly (number | null)[]): number =>
  values.reduce<Decimal>((s, v) => s.plus(v ?? 0), new Decimal(0)).toNumber();
const SUMMARY_KW = [
  kw('installed_kw', 'Installed', 'kW', { total: true }),
  kw('absorbed_kw', 'Absorbed', 'kW', { total: true }),
  kw('running_kw', 'Running', 'kW', { total: true }),
];

function areaSummary(groups: ReturnType<typeof byArea>): DocSection {
  return {
    title: 'Summary by area',
    newPage: true,
    columns: [
      { key: 'area', label: 'Area', kind: 'text', width: 30 },
      { key: 'loads', label: 'Loads', kind: 'number', decimals: 0, width: 8, total: true },
      ...SUMMARY_KW,
    ],
    rows: groups.map((g) => ({
      key: `sum-area:${g.id}`,
      cells: [
        g.name,
        g.loads.length,
        { value: sum(g.loads.map((l) => l.installed)), formula: `SUM({installed_kw@#${g.id}})` },
        { value: sum(g.loads.map((l) => l.absorbed)), formula: `SUM({absorbed_kw@#${g.id}})` },
        { value: sum(g.loads.map((l) => l.running)), formula: `SUM({running_kw@#${g.id}})` },
      ],
    })),
    totalLabel: 'Total, all areas',
  };
}

/** A SUMIF criterion matching the text exactly: Excel's wildcards escaped with ~, quotes doubled. */
const criterion = (text: string): string => `"${text.replace(/[~*?]/g, '~$&').replaceAll('"', '""')}"`;

function mccSummary(groups: ReturnType<typeof byArea>, loads: readonly Load[]): DocSection {
  const mccs = [...new Set(loads.map((l) => l.mcc))].sort((a, b) =>
    a === NO_MCC ? 1 : b === NO_MCC ? -1 : a.localeCompare(b),
  );
  // SUMIF over each area section: an MCC's loads may sit in several areas.
  const over = (fn: 'SUMIF' | 'COUNTIF', mcc: string, key?: string) =>
    groups.map((g) => `${fn}({mcc@#${g.id}},${criterion(mcc)}${key ? `,{${key}@#${g.id}}` : ''})`).join('+');
  return {
    title: 'Summary by MCC',
    notes: [
      'The MCC of a load is the end of the cable that feeds it (the cable schedule); "-" for a load no MCC cable reaches.',
    ],
    columns: [
      { key: 'mcc', label: 'MCC', kind: 'text', width: 30 },
      { key: 'loads', label: 'Loads', kind: 'number', decimals: 0, width: 8, total: true },
      ...SUMMARY_KW,
    ],
    rows: mccs.map((mcc) => {
      const fed = loads.filter((l) => l.mcc === mcc);
      return {
        key: `sum-mcc:${mcc}`,
        cells: [
          mcc,
          { value: fed.length, formula: over('COUNTIF', mcc) },
          { value: sum(fed.map((l) => l.installed)), formula: over('SUMIF', mcc, 'installed_kw') },
          { value: sum(fed.map((l) => l.absorbed)), formula: over('SUMIF', mcc, 'absorbed_kw') },
          { value: sum(fed.map((l) => l.running)), formula: over('SUMIF', mcc, 'running_kw') },
        ],
      };
    }),
    totalLabel: 'Total, all MCCs',
  };
}

/** A load's row changed: its equipment did, or the cable that names its MCC (a load moved to another MCC). */
const changedIn = (ctx: SourceContext, load: Load): string | undefined =>
  ctx.changedIn('mech_equipment', load.row.id as number) ??
  (load.feed ? ctx.changedIn('cabling', load.feed.cableId) : undefined);

export function electricalLoadList(ctx: SourceContext): SourceResult {
  const feeds = mccByTag(ctx);
  const loads = liveRows(ctx.lists.mech_equipment)
    .filter((row) => numberOf(row.installed_kw)?.greaterThan(0) || feeds.has(String(row.tagno)))
    .map((row) => loadOf(row, feeds.get(String(row.tagno))));
  const { columns, cells } = loadColumns(ctx);
  const groups = byArea(ctx, loads);
  if (groups.length === 0)
    return {
      sections: [
        {
          title: 'Electrical load list',
          notes: ['No electrical loads: no equipment has a motor rating or an MCC cable.'],
          columns,
          rows: [],
        },
      ],
    };
  const areaSections: DocSection[] = groups.map((g) => ({
    id: g.id,
    title: `Electrical load list: ${g.name}`,
    newPage: true,
    columns,
    rows: g.loads.map((load): DocRow => ({
      key: `mech_equipment:${load.row.id as number}`,
      changedIn: changedIn(ctx, load),
      cells: cells(load),
    })),
    totalLabel: `Total ${g.code === 'no area' ? 'no area' : `area ${g.code}`}`,
  }));
  return { sections: [...areaSections, areaSummary(groups), mccSummary(groups, loads)] };
}
