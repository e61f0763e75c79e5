import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  projectShardedTables,
  serverSources,
  sqlTemplatesIn,
  unfilteredProjectReferences,
} from '../support/project-sql-scan';

// Keeps the server's SQL single-shard on a distributed PostgreSQL (ARCHITECTURE.md, "Past one database
// machine"): every statement written in src/server that reads, updates or deletes a project-sharded table
// constrains that table by project_id. A statement that does not goes to every shard.

/**
 * The statements allowed to reach every shard, by file and table, each with why. Cross-project figures
 * (the dashboard, CAPEX's list of projects) are meant to; the others read one row by its id, and become
 * single-shard when they are given the project the route already knows (the migration path).
 */
const CROSS_SHARD_ALLOWED: { file: string; table: string; why: string }[] = [
  {
    file: 'src/server/modules/dashboard/dashboard-figures.ts',
    table: 'mech_equipment',
    why: 'cross-project figures: equipment per project over every project',
  },
  {
    file: 'src/server/modules/dashboard/dashboard-figures.ts',
    table: 'packages',
    why: 'cross-project figures: packages by status over every project',
  },
  {
    file: 'src/server/modules/capex/capex-routes.ts',
    table: 'mech_equipment',
    why: 'cross-project: the projects that have equipment, for the CAPEX picker',
  },
  {
    file: 'src/server/modules/adjudications/adjudication-routes.ts',
    table: 'packages',
    why: 'cross-project list: every adjudication with its package number',
  },
  {
    file: 'src/server/modules/adjudications/bid-tab.ts',
    table: 'packages',
    why: "one adjudication's package, by id (adjudications are not sharded by project yet)",
  },
  {
    file: 'src/server/modules/adjudications/award.ts',
    table: 'packages',
    why: "one adjudication's package, by id, locked for the award",
  },
  {
    file: 'src/server/modules/packages/package-figures.ts',
    table: 'packages',
    why: 'one package by id; its route has no project in the path',
  },
  {
    file: 'src/server/modules/adjudications/evaluated-low.ts',
    table: 'packages',
    why: "the evaluated low of an adjudication's package, by id, after a write of its bid tab's inputs",
  },
  {
    file: 'src/server/entities/hooks/package-hooks.ts',
    table: 'packages',
    why: "a quote's package by id, checked against the quote's project",
  },
  {
    file: 'src/server/entities/hooks/project-hooks.ts',
    table: 'mech_equipment',
    why: 'duty tags by id, named by rows the save already scoped to their project',
  },
  {
    file: 'src/server/entities/hooks/project-hooks.ts',
    table: 'areas',
    why: 'areas by id, named by rows the save already scoped to their project',
  },
  {
    file: 'src/server/modules/duty-sheets/duty-sheet-routes.ts',
    table: 'mech_equipment',
    why: 'one equipment by id (the route is /equipment/:id)',
  },
  {
    file: 'src/server/modules/duty-sheets/duty-sheet-routes.ts',
    table: 'duty_sheets',
    why: "one equipment's sheets, by equipment id",
  },
  {
    file: 'src/server/modules/projects/dexpi/dexpi-import.ts',
    table: 'pids',
    why: 'the P&ID the user picked, by id; its project is read from it',
  },
  {
    file: 'src/server/modules/projects/revisions/revisions.ts',
    table: 'project_revisions',
    why: 'one revision by id (the route is /revisions/:id)',
  },
  {
    file: 'src/server/entities/hooks/document-hooks.ts',
    table: 'project_documents',
    why: 'register rows by id, named by a delete the engine already checked (the delete hook gets ids only)',
  },
  {
    file: 'src/server/entities/hooks/document-hooks.ts',
    table: 'document_issues',
    why: 'the issues of those register rows, joined by their id',
  },
];

const SERVER = path.resolve('src/server');
const sharded = projectShardedTables();

function findings() {
  return serverSources(SERVER).flatMap((file) =>
    sqlTemplatesIn(path.relative(process.cwd(), file), fs.readFileSync(file, 'utf8')).flatMap((statement) =>
      unfilteredProjectReferences(statement.text, sharded).map((found) => ({
        ...found,
        file: statement.file,
        line: statement.line,
      })),
    ),
  );
}

describe('project-scoped SQL', () => {
  it('knows the project-sharded tables from tables.ts (every table whose rows all carry project_id)', () => {
    expect(sharded).toEqual(
      expect.arrayContaining([
        'areas',
        'mech_equipment',
        'instruments',
        'cabling',
        'piping',
        'packages',
        'project_revisions',
      ]),
    );
    // Rows without a project (a quote for the catalogue, the audit of a reference table) are not sharded by it.
    expect(sharded).not.toContain('quotes');
    expect(sharded).not.toContain('audit_log');
  });

  it('tells a statement filtered by project from one that is not', () => {
    const check = (text: string) => unfilteredProjectReferences(text, sharded).map((f) => `${f.table} ${f.alias}`);
    // The known-bad: an equipment count over every project's rows, and a join that drops the project.
    expect(check('select count(*) from mech_equipment where not deleteflag')).toEqual([
      'mech_equipment mech_equipment',
    ]);
    expect(
      check('select c.* from cabling c join instruments i on i.id = c.instrument_id where c.project_id = $1'),
    ).toEqual(['instruments i']);
    expect(check('update areas set description = $1 where id = $2')).toEqual(['areas areas']);
    // Filtered: by a value, by a join on the project, unaliased, or in a list.
    expect(check('select * from mech_equipment e where e.project_id = $1')).toEqual([]);
    expect(
      check(
        'select c.* from cabling c join instruments i on i.id = c.instrument_id and i.project_id = c.project_id where c.project_id = $1',
      ),
    ).toEqual([]);
    expect(check('delete from areas where project_id = $1 and id = $2')).toEqual([]);
    expect(check('select * from pids t where t.project_id in ($1, $2)')).toEqual([]);
    // An insert names its project in its values.
    expect(check('insert into areas (project_id, areacode) values ($1, $2)')).toEqual([]);
  });

  it('finds no unfiltered statement in src/server beyond the commented allow-list', () => {
    const allowed = (f: { file: string; table: string }) =>
      CROSS_SHARD_ALLOWED.some((a) => a.file === f.file && a.table === f.table);
    expect(
      findings()
        .filter((f) => !allowed(f))
        .map((f) => `${f.file}:${f.line} ${f.table} (${f.alias})`),
    ).toEqual([]);
  });

  it('keeps the allow-list true: each entry still matches a statement', () => {
    const found = findings();
    expect(
      CROSS_SHARD_ALLOWED.filter((a) => !found.some((f) => f.file === a.file && f.table === a.table)).map(
        (a) => `${a.file} ${a.table}`,
      ),
    ).toEqual([]);
  });
});
