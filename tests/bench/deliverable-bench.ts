import PDFDocument from 'pdfkit';
import { SYSTEM_ACTOR } from '../../src/server/audit/audit-writer';
import { saveEntityBatch } from '../../src/server/entities/entity-service';
import { issueDocument, workingCopy } from '../../src/server/modules/deliverables/issue-document';
import { getEntitySchema } from '../../src/schemas/registry';
import { seedReferenceData } from '../../src/server/seed/seed-entities';
import { createTestApp, type TestApp } from '../support/test-app';
import { abCompare, type AbResult } from './ab';
import { rawDriver, type RawDriver } from './bench-db';
import { loadProject } from './project-bench';

/**
 * Deliverables at scale (#31 item 8), on the bench project (10,000 instruments, 20,000 cables): the instrument
 * index to PDF (≤ 10 s on PGlite) and the cable schedule to PDF (≤ 15 s), each against the floor of the same
 * work: one SQL read of the same rows and a bare pdfkit dump of their text (no layout, no title block, no fonts
 * embedded). Besides, an issue of the cable schedule (a new project revision, PDF and workbook, stored) and the
 * server's memory growth while it renders (aim: under 256 MiB): the app runs in this process, so its RSS is ours.
 */
const FIRM = 'Bench Engineering';

async function bareDump(raw: RawDriver, sqlText: string): Promise<void> {
  const rows = (await raw.query(sqlText)).rows;
  const doc = new PDFDocument({ size: 'A3', layout: 'landscape', autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.fontSize(6.5);
  rows.forEach((row, i) => {
    if (i % 60 === 0) doc.addPage();
    let x = 20;
    for (const value of Object.values(row)) {
      doc.text(value === null ? '' : String(value), x, 20 + (i % 60) * 11, { lineBreak: false });
      x += 100;
    }
  });
  doc.end();
  await done;
}

/** Peak RSS growth (MiB) while `run` runs, sampled every 10 ms. */
async function rssGrowth(run: () => Promise<void>): Promise<number> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  return Math.round(((Math.max(peak, process.memoryUsage().rss) - start) / 1024 / 1024) * 10) / 10;
}

async function benchmarksOn(
  t: TestApp,
  raw: RawDriver,
  project: number,
  label: string,
  rounds: number,
): Promise<{ results: AbResult[]; figures: Record<string, unknown>[] }> {
  const db = t.database.db;
  const pglite = t.database.kind === 'pglite';
  const { created } = await saveEntityBatch(
    db,
    getEntitySchema('project_documents'),
    {
      creates: [
        { clientKey: 'i', values: { project_id: project, title: 'Instrument index', doc_type: 'instrument_index' } },
        { clientKey: 'c', values: { project_id: project, title: 'Cable schedule', doc_type: 'cable_schedule' } },
      ],
    },
    SYSTEM_ACTOR,
  );
  const [index, cables] = created.map((row) => row.id as number) as [number, number];
  const results: AbResult[] = [];
  results.push(
    await abCompare({
      name: `${label}: the instrument index of 10,000 instruments to PDF vs one SQL read of them and a bare pdfkit text dump`,
      rounds,
      aim: 0.2,
      maxMs: pglite ? 10_000 : undefined,
      baseline: () =>
        bareDump(
          raw,
          `select i.tagno, a.areacode, i.letters, i.loop_number, i.service, i.io_type, i.signal, i.range_low, i.range_high, i.range_unit, i.status from instruments i left join areas a on a.id = i.projarea_id where i.project_id = ${project} order by a.areacode, i.tagno`,
        ),
      candidate: async () => void (await workingCopy(db, project, index, 'pdf', FIRM)),
      note: `aim: ≤ 10 s on PGlite; ours lays out a page per area with repeated headers, title block and revision table on every page, cells measured and cut to their column, the font embedded`,
    }),
  );
  results.push(
    await abCompare({
      name: `${label}: the cable schedule of 20,000 cables to PDF vs one SQL read of them and a bare pdfkit text dump`,
      rounds,
      aim: 0.2,
      maxMs: pglite ? 15_000 : undefined,
      baseline: () =>
        bareDump(
          raw,
          `select c.cable_tag, i.tagno, c.from_tag, c.to_tag, c.cable_type, c.cores_size, c.length_m, c.allowance_pct, c.route_ref from cabling c join instruments i on i.id = c.instrument_id where c.project_id = ${project} order by c.cable_tag`,
        ),
      candidate: async () => void (await workingCopy(db, project, cables, 'pdf', FIRM)),
      note: 'aim: ≤ 15 s on PGlite; ours adds the length with allowance and its total',
    }),
  );
  let issueMs = 0;
  const growth = await rssGrowth(async () => {
    const started = performance.now();
    await issueDocument(db, project, cables, { status: 'IFR' }, SYSTEM_ACTOR, FIRM);
    issueMs = Math.round(performance.now() - started);
  });
  const figures = [
    {
      name: `${label}: issue the cable schedule of 20,000 cables (project revision, PDF and workbook, stored): time and the server's memory growth`,
      ms: issueMs,
      rssGrowthMiB: growth,
      aimMiB: 256,
      meetsAim: growth < 256,
    },
  ];
  return { results, figures };
}

/** The bench project (project-bench.ts loadProject: 10 areas, 5,000 equipment, 10,000 instruments, 20,000 cables) on its own database. */
export async function runDeliverableBenchmarks(
  label: string,
  rounds: number,
): Promise<{ results: AbResult[]; figures: Record<string, unknown>[] }> {
  const t = await createTestApp();
  try {
    const raw = rawDriver(t.database);
    await seedReferenceData(t.database.db);
    const [created] = (
      await raw.query(
        `insert into projects (name, project_number, is_testdata) values ('Deliverables bench', 'P-BENCH-031', true) returning id`,
      )
    ).rows;
    const project = Number(created?.id);
    await loadProject(raw, project);
    for (const table of ['areas', 'mech_equipment', 'instruments', 'cabling']) await raw.query(`analyze ${table}`);
    return await benchmarksOn(t, raw, project, label, rounds);
  } finally {
    await t.close();
  }
}
