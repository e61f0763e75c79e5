import { eq, or, sql, type SQL } from 'drizzle-orm';
import { getEntitySchema } from '../../schemas/registry';
import { SYSTEM_ACTOR, type Actor } from '../audit/audit-writer';
import { saveEntityBatch } from '../entities/batch-save';
import { queryRows } from '../entities/entity-sql';
import { issueRevision } from '../modules/projects';
import type { EntityRow } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { getEntityTable } from '../db/entity-tables';
import { demoCerroAzul } from './demo-cerro-azul';
import { demoClients } from './demo-companies';
import type { DemoDocument } from './demo-document';
import { demoLithiumRefinery } from './demo-lithium-refinery';
import { demoProjects, type DemoProject } from './demo-projects';
import { seedDemoDutySheets } from './seed-duty-sheets';
import { create, idsBy, isEmpty } from './seed-entities';

/** The demo projects that are whole documents (their lists seeded with them), in the order they are added. */
export const demoDocuments: readonly DemoDocument[] = [demoCerroAzul, demoLithiumRefinery];

/**
 * Demo projects, through the entity engine after the clients exist (the client is a lookup; the client
 * name is derived from it). The plain headers go into an empty table only; each document is added with
 * its lists whenever its project is missing (by name), so a database seeded before it gets it on restart.
 */
export async function seedDemoProjects(db: Db): Promise<void> {
  const documents = new Set(demoDocuments.map((document) => document.project));
  if (await isEmpty(db, 'projects'))
    await createProjects(
      db,
      demoProjects.filter((project) => !documents.has(project.name)),
    );
  for (const document of demoDocuments) {
    if (await projectRow(db, eq(getEntityTable('projects').name, document.project))) continue;
    await createDemoDocument(db, document);
  }
}

/** The demoProjects header of a demo document. */
export function documentHeader(document: DemoDocument): DemoProject {
  const header = demoProjects.find((project) => project.name === document.project);
  if (!header) throw new Error(`The demo document ${document.project} has no header in demo-projects.ts`);
  return header;
}

/** A demo document's project with its lists, duty sheets and revision; one transaction: seeded whole or not at all (a half-seeded one would never be completed). */
export async function createDemoDocument(db: Db, document: DemoDocument, actor: Actor = SYSTEM_ACTOR): Promise<number> {
  return db.transaction(async (tx) => {
    const [project] = await createProjects(tx, [documentHeader(document)], actor);
    await seedDemoDocumentLists(tx, project!.id, document, actor);
    if (document.revision) {
      const { equipmentChangedSince: _edits, ...revision } = document.revision;
      await issueRevision(tx, project!.id, revision, actor);
    }
    await applyRevisionChanges(tx, project!.id, document, actor);
    return project!.id;
  });
}

/** A document's lists and (Cerro Azul's slurry pumps: seed-duty-sheets.ts) duty sheets, as first issued. */
export async function seedDemoDocumentLists(
  db: Db,
  projectId: number,
  document: DemoDocument,
  actor: Actor = SYSTEM_ACTOR,
): Promise<void> {
  await seedDocument(db, projectId, document, actor);
  if (document === demoCerroAzul) await seedDemoDutySheets(db, projectId, actor);
}

/** The edits made since the demo revision was issued, through the engine (audited). */
export async function applyRevisionChanges(
  db: Db,
  projectId: number,
  document: DemoDocument,
  actor: Actor = SYSTEM_ACTOR,
): Promise<void> {
  if (!document.revision) return;
  const equipment = getEntitySchema('mech_equipment');
  const stored = await queryRows<{ id: number; version: number; tagno: string }>(
    db,
    sql`select id, version, tagno from mech_equipment where project_id = ${projectId}`,
  );
  const updates = document.revision.equipmentChangedSince.map(({ tagno, values }) => {
    const row = stored.find((r) => r.tagno === tagno);
    if (!row) throw new Error(`The demo revision changes ${tagno}, which the demo document does not have`);
    return { id: row.id, version: row.version, changes: values };
  });
  await saveEntityBatch(db, equipment, { updates }, actor);
}

export async function projectRow(db: Db, where: SQL | undefined): Promise<{ id: number } | undefined> {
  const table = getEntityTable('projects');
  const [row] = (await db.select({ id: table.id }).from(table).where(where).limit(1)) as { id: number }[];
  return row;
}

export async function createProjects(
  db: Db,
  headers: readonly DemoProject[],
  actor: Actor = SYSTEM_ACTOR,
): Promise<EntityRow[]> {
  const table = getEntityTable('projects');
  const currencyId = await idsBy(db, 'currencies', 'code');
  const clientId = await clientsFor(
    db,
    headers.map((header) => header.clientname),
  );
  const rows: Record<string, unknown>[] = [];
  for (const { clientname, currency, project_number, ...header } of headers) {
    // A number a user has since given another project stays theirs: the demo project goes without one.
    const taken = await projectRow(db, eq(table.project_number, project_number));
    rows.push({
      ...header,
      project_number: taken ? null : project_number,
      client_id: clientId.get(clientname) ?? null,
      base_currency_id: currencyId(currency),
    });
  }
  return create(db, 'projects', rows, actor);
}

/** The id of each client named, adding a demo client a database seeded before it does not have yet. */
async function clientsFor(db: Db, names: readonly string[]): Promise<Map<string, number>> {
  const table = getEntityTable('clients');
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return new Map();
  const found = (await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(or(...wanted.map((name) => eq(table.name, name))))) as { id: number; name: string }[];
  const ids = new Map(found.map((row) => [row.name, row.id]));
  const missing = demoClients.filter((client) => wanted.includes(client.name) && !ids.has(client.name));
  for (const row of await create(
    db,
    'clients',
    missing.map((client) => ({ active: true, ...client })),
  ))
    ids.set(String(row.name), row.id);
  return ids;
}

/** A resolver from `field` (a tag, code or number unique in the project) to the id, over rows just saved; no value, no id. */
function byField(rows: readonly EntityRow[], field: string): (value: string | undefined) => number | null {
  const ids = new Map(rows.map((row) => [String(row[field]), row.id]));
  return (value) => {
    if (value === undefined) return null;
    const id = ids.get(value);
    if (id === undefined) throw new Error(`Demo data refers to ${field} ${value}, which the document does not have`);
    return id;
  };
}

/**
 * A document's lists in dependency order, each through the engine (scope, lookups, computed fields, rules
 * and hooks run as for a user's save); references are resolved from the rows just saved.
 */
async function seedDocument(db: Db, projectId: number, document: DemoDocument, actor: Actor): Promise<void> {
  const project_id = projectId;
  const [currencyId, supplierIds, categoryIds] = await Promise.all([
    idsBy(db, 'currencies', 'code'),
    idsIfAny(db, 'suppliers', 'name'),
    idsIfAny(db, 'item_categories', 'code'),
  ]);

  const area = byField(
    await create(
      db,
      'areas',
      document.areas.map((row) => ({ project_id, ...row })),
      actor,
    ),
    'areacode',
  );
  const drawing = ({ area: code, ...row }: DemoDocument['pids'][number]) => ({
    project_id,
    ...row,
    projarea_id: area(code),
  });
  const pid = byField(await create(db, 'pids', document.pids.map(drawing), actor), 'drawing_number');
  const pfd = byField(await create(db, 'pfds', document.pfds.map(drawing), actor), 'drawing_number');

  // Duty rows first: a standby names the duty row it backs up.
  const equipmentRow = ({
    area: code,
    category,
    pid: drawingNumber,
    price,
    standby_for: _duty,
    ...row
  }: DemoDocument['equipment'][number]) => ({
    project_id,
    ...row,
    projarea_id: area(code),
    category_id: category ? (categoryIds.get(category) ?? null) : null,
    pid_id: pid(drawingNumber),
    price: price?.amount ?? null,
    price_currency_id: price ? currencyId(price.currency) : null,
    price_source: price?.source ?? null,
  });
  const duties = await create(
    db,
    'mech_equipment',
    document.equipment
      .filter((row) => !row.standby_for)
      .map((row) => ({ ...equipmentRow(row), duty_role: 'duty', running: true })),
    actor,
  );
  const dutyId = byField(duties, 'tagno');
  const standbys = await create(
    db,
    'mech_equipment',
    document.equipment
      .filter((row) => row.standby_for)
      .map((row) => ({
        ...equipmentRow(row),
        duty_role: 'standby',
        standby_for_id: dutyId(row.standby_for),
        running: false,
      })),
    actor,
  );
  const equipment = byField([...duties, ...standbys], 'tagno');

  // The electrical load list: a load per motor-driven item (its tag + '-M'), fed from its area's MCC in tag
  // order, at 6.6 kV from 200 kW up and 400 V below; a standby is connected but not running.
  const areaCode = new Map(document.areas.map((row) => [area(row.areacode), row.areacode]));
  const feeders = new Map<string, number>();
  const motors = [...duties, ...standbys]
    .filter((row) => Number(row.installed_kw ?? 0) > 0)
    .sort((a, b) => String(a.tagno).localeCompare(String(b.tagno)));
  await create(
    db,
    'electrical_loads',
    motors.map((row) => {
      const mcc = `MCC-${areaCode.get(row.projarea_id as number)}-01`;
      feeders.set(mcc, (feeders.get(mcc) ?? 0) + 1);
      return {
        project_id,
        load_tag: `${row.tagno}-M`,
        description: `${row.description} motor`,
        projarea_id: row.projarea_id,
        equipment_id: row.id,
        mcc,
        feeder: `F${String(feeders.get(mcc)).padStart(2, '0')}`,
        voltage: Number(row.installed_kw) >= 200 ? '6600' : '400',
        running: row.running,
        load_factor: '0.85',
      };
    }),
    actor,
  );

  const lines = await create(
    db,
    'piping',
    document.lines.map(({ area: code, pid: drawingNumber, ...row }) => ({
      project_id,
      ...row,
      projarea_id: area(code),
      pid_id: pid(drawingNumber),
    })),
    actor,
  );
  const line = byField(lines, 'line_number');

  const instruments = await create(
    db,
    'instruments',
    document.instruments.map(
      ({ area: code, range, alarms, equipment: tag, line: lineNumber, pid: drawingNumber, supplier, ...row }) => ({
        project_id,
        ...row,
        projarea_id: area(code),
        range_low: range?.low ?? null,
        range_high: range?.high ?? null,
        range_unit: range?.unit ?? null,
        alarm_ll: alarms?.ll ?? null,
        alarm_l: alarms?.l ?? null,
        alarm_h: alarms?.h ?? null,
        alarm_hh: alarms?.hh ?? null,
        equipment_id: equipment(tag),
        line_id: line(lineNumber),
        pid_id: pid(drawingNumber),
        supplier_id: supplier ? (supplierIds.get(supplier) ?? null) : null,
      }),
    ),
    actor,
  );
  const instrument = byField(instruments, 'tagno');

  await create(
    db,
    'cabling',
    document.cables.map(({ instrument: tag, ...row }) => ({ project_id, ...row, instrument_id: instrument(tag) })),
    actor,
  );
  await create(
    db,
    'racking',
    document.racking.map(({ instrument: tag, area: code, ...row }) => ({
      project_id,
      ...row,
      instrument_id: instrument(tag),
      projarea_id: area(code),
    })),
    actor,
  );
  await create(
    db,
    'streams',
    document.streams.map(({ pfd: drawingNumber, from, to, ...row }) => ({
      project_id,
      ...row,
      pfd_id: pfd(drawingNumber),
      from_equipment_id: equipment(from),
      to_equipment_id: equipment(to),
    })),
    actor,
  );
}

/** Ids by a unique field, for references the demo can do without: a category or supplier a user has removed is left empty. */
async function idsIfAny(db: Db, entity: string, field: string): Promise<Map<string, number>> {
  const table = getEntityTable(entity);
  const rows = (await db.select({ id: table.id, value: table[field] }).from(table)) as { id: number; value: string }[];
  return new Map(rows.map((row) => [row.value, row.id]));
}
