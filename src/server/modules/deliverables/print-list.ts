import type { ListQuery } from '../../../lib/entity-api';
import { fieldByName, type EntityRow, type EntitySchema } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { listEntityRows } from '../../entities/entity-service';
import { lookupText, rowLabels, wantLabel } from '../../entities/row-labels';
import { AppError } from '../../http/app-error';
import type { Deliverable } from './document-model';
import { renderPdf } from './pdf/pdf-writer';
import { projectHeader } from './project-header';
import { fieldColumn, shownFields, type LabelOf } from './sources/list-columns';
import { renderWorkbook } from './xlsx/xlsx-writer';

export type PrintLimits = { pageRows: number; maxRows: number };

/**
 * How a print reads: pages of `pageRows`, at most `maxRows` (a 200,000-row PDF is no one's working copy; a filter
 * is). A workbook takes more: the large project's cable schedule (150,000 cables, #33 item 4) is one sheet an
 * engineer filters in Excel; written in ~12 s with ~200 MiB more resident on the server (BENCH_ONLY=large).
 */
export const PRINT_LIMITS: PrintLimits = { pageRows: 10_000, maxRows: 100_000 };
export const WORKBOOK_LIMITS: PrintLimits = { pageRows: 10_000, maxRows: 200_000 };

export type PrintRequest = {
  schema: EntitySchema;
  query: ListQuery;
  columns?: readonly string[];
  projectId?: number;
  title?: string;
  kind: 'pdf' | 'xlsx';
  firm: string;
};

/**
 * "Print / PDF" of any list (#31 item 6): what the grid shows (its columns in order, its filters, quick search and
 * sort), every matching row, with the project's title block when the list is a project's, marked "not issued":
 * a working copy, never a deliverable (those are issued from the register).
 */
export async function printList(
  db: Db,
  request: PrintRequest,
  limits: PrintLimits = request.kind === 'xlsx' ? WORKBOOK_LIMITS : PRINT_LIMITS,
): Promise<{ bytes: Buffer; fileName: string; rows: number }> {
  const { schema, query } = request;
  const names = (request.columns?.length ? request.columns : shownFields(schema)).filter(
    (name) => name !== schema.scope?.root,
  );
  const unknown = names.filter((name) => !fieldByName(schema, name));
  if (unknown.length > 0)
    throw new AppError(
      'bad_request',
      `${schema.labelPlural} have no field ${unknown.map((n) => `'${n}'`).join(', ')} to print.`,
    );
  const rows = await readAll(db, schema, query, limits);
  const labelOf = await currentLabels(db, schema, names, rows);
  const columns = names.map((name) => fieldColumn(schema, name, labelOf));
  const project = request.projectId ? await projectHeader(db, request.projectId) : undefined;
  const today = new Date().toISOString().slice(0, 10);
  const title = request.title?.trim() || schema.labelPlural;
  const deliverable: Deliverable = {
    paper: columns.length > 10 ? 'A3' : 'A4',
    sheetName: schema.labelPlural,
    working: true,
    titleBlock: {
      firm: request.firm,
      client: project?.clientname ?? '',
      project: project?.name ?? '',
      projectNumber: project?.project_number ?? '',
      documentNumber: 'Working copy',
      title,
      revision: '-',
      status: 'Not issued',
      date: today,
      prepared: '',
      checked: '',
      approved: '',
    },
    revisions: [],
    sections: [
      {
        title: `${title}: ${rows.length.toLocaleString('en-US')} row${rows.length === 1 ? '' : 's'}${query.filters?.length || query.q ? ' (filtered)' : ''}`,
        columns: columns.map((c) => c.column),
        rows: rows.map((row) => ({ cells: columns.map((c) => c.cell(row)) })),
      },
    ],
  };
  const createdAt = new Date();
  const bytes =
    request.kind === 'pdf' ? await renderPdf(deliverable, createdAt) : await renderWorkbook(deliverable, createdAt);
  const stem = `${project?.project_number ? `${project.project_number}-` : ''}${schema.name}-working-copy-${today}`;
  return { bytes, fileName: `${stem}.${request.kind}`, rows: rows.length };
}

/** Pages read at once after the first: on PostgreSQL each builds its JSON on a connection (a core) of its own. */
const PAGES_AT_ONCE = 2;

/**
 * Every row the query matches, in its order, read page by page (pages after the first PAGES_AT_ONCE at a time:
 * the 150,000-cable schedule's 15 pages took ~5 s one after another); 413 past `limits.maxRows`.
 */
async function readAll(db: Db, schema: EntitySchema, query: ListQuery, limits: PrintLimits): Promise<EntityRow[]> {
  const rows: EntityRow[] = [];
  const read = async (offset: number) => {
    const page = await listEntityRows(db, schema, { ...query, count: true, offset, limit: limits.pageRows });
    if (page.total > limits.maxRows)
      throw new AppError(
        'payload_too_large',
        `The list has ${page.total.toLocaleString('en-US')} matching rows; a print takes at most ${limits.maxRows.toLocaleString('en-US')}. Filter it first.`,
      );
    return page;
  };
  const first = await read(0);
  rows.push(...first.rows);
  let total = first.total;
  let short = first.rows.length < limits.pageRows;
  for (let offset = limits.pageRows; !short && rows.length < total; offset += PAGES_AT_ONCE * limits.pageRows) {
    const offsets = Array.from({ length: PAGES_AT_ONCE }, (_, i) => offset + i * limits.pageRows);
    const pages = await Promise.all(offsets.filter((at) => at < total).map(read));
    for (const page of pages) {
      if (short) break;
      rows.push(...page.rows);
      total = page.total;
      short = page.rows.length < limits.pageRows;
    }
  }
  return rows;
}

/** The labels of the lookups printed, as they read now. */
async function currentLabels(
  db: Db,
  schema: EntitySchema,
  names: readonly string[],
  rows: readonly EntityRow[],
): Promise<LabelOf> {
  const wanted = new Map<string, Set<number>>();
  for (const name of names) {
    const field = fieldByName(schema, name);
    if (field?.kind === 'lookup') for (const row of rows) wantLabel(wanted, field.entity, row[name]);
  }
  const labels = await rowLabels(db, wanted);
  return (entity, id) => {
    const found = typeof id === 'number' ? labels.get(entity)?.get(id) : undefined;
    return found ? lookupText(found) : typeof id === 'number' ? `#${id}` : '';
  };
}
