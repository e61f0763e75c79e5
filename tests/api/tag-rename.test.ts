import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChangeSummary } from '../../src/lib/project-revisions';
import type { TagRenameAnswer } from '../../src/lib/tag-rename';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * The bulk rename of a project's tags (issue #30 item 3): a pattern renames the tags of the project's lists,
 * every text naming a renamed tag follows (cable ends and routes, quote line and package item tags), lines
 * follow their area; refused as a whole when a new tag clashes or a lock holds a row, with nothing written;
 * written in one transaction through the engine's save, audited field by field; the renamed rows read as
 * changed since the last revision. On the demo's Cerro Azul, whose area 200 is under an award.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { newProject, fillProject, create } = projectFixtures(suite);

const rows = async <T = Record<string, unknown>>(query: SQL) =>
  ((await suite.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const preview = (projectId: number, body: unknown, token = suite.engineer) =>
  post(`/projects/${projectId}/rename-tags/preview`, body, token);
const rename = (projectId: number, body: unknown, token = suite.engineer) =>
  post(`/projects/${projectId}/rename-tags`, body, token);
const auditCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]!.n;
const tagsOf = async (table: string, column: string, projectId: number) =>
  (
    await rows<{ tag: string }>(
      sql`select ${sql.identifier(column)} as tag from ${sql.identifier(table)} where project_id = ${projectId} order by 1`,
    )
  ).map((r) => r.tag);

let cerroAzul: number;
beforeAll(async () => {
  cerroAzul = (
    await rows<{ id: number }>(sql`select id from projects where name like 'Cerro Azul%' order by id limit 1`)
  )[0]!.id;
});

describe('bulk rename of tags: refusals', () => {
  it('refuses a viewer, bad patterns and unknown lists, writing nothing', async () => {
    const before = await auditCount();
    for (const send of [preview, rename]) {
      const viewer = await send(cerroAzul, { find: '100', replace: '110' }, suite.viewer);
      expect(viewer.statusCode, viewer.body).toBe(403);
      expect(viewer.json().message).toMatch(/needs the engineer role/);
    }
    const bad = await preview(cerroAzul, { find: '^100-(', replace: '110-$1', regex: true });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().message).toMatch(/\^100-\( is not a regular expression: .*Unterminated group/);
    expect((await rename(cerroAzul, { find: '[', replace: '', regex: true })).statusCode).toBe(400);
    expect((await preview(cerroAzul, { find: '', replace: '110' })).json().message).toBe('Give the text to find.');
    const list = await preview(cerroAzul, { find: '100', replace: '110', lists: ['pumps'] });
    expect(list.statusCode).toBe(400);
    expect(list.json().message).toMatch(/lists\.0/);
    expect((await preview(cerroAzul, { find: '100', replace: '110', dryRun: true })).statusCode).toBe(400);
    expect((await preview(999999, { find: '100', replace: '110' })).statusCode).toBe(404);
    // Nested repeats backtrack for hours over a long tag that does not match: stopped and said, the server free again.
    const project = await newProject(`Rename Test Slow ${Date.now()}`);
    const [area] = await create('areas', [{ project_id: project.id, areacode: '100', description: 'Crushing' }]);
    const long = await post('/entities/mech_equipment/batch', {
      creates: [
        { clientKey: 'k', values: { projarea_id: area!.id, tagno: `${'A'.repeat(36)}-1`, description: 'A long tag' } },
      ],
      acceptWarnings: true,
    });
    expect(long.statusCode, long.body).toBe(200);
    const started = Date.now();
    const slow = await preview(project.id, { find: '^(A+)+$', replace: 'X', regex: true });
    expect(slow.statusCode, slow.body).toBe(400);
    expect(slow.json().message).toMatch(/took more than 2 s/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await auditCount()).toBe(before + 3); // the slow pattern's project, area and tag
  });

  it('refuses a rename whose new tag clashes, as a whole (409 listing the clashes), with nothing written', async () => {
    const before = await auditCount();
    const onto = { find: '^100-CV-001$', replace: '100-CR-001', regex: true };
    const seen = (await preview(cerroAzul, onto)).json() as TagRenameAnswer;
    expect(seen.clashes).toEqual([
      {
        list: 'mech_equipment',
        tag: '100-CR-001',
        from: ['100-CV-001'],
        heldBy: '100-CR-001',
        message: '100-CV-001 would become 100-CR-001, already taken in Equipment',
      },
    ]);
    const refused = await rename(cerroAzul, onto);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      'Nothing was renamed: a new tag clashes (100-CV-001 would become 100-CR-001, already taken in Equipment).',
    );
    expect(refused.json().details.clashes).toHaveLength(1);

    // Two renamed tags taking one new tag; and a cable and a junction box renamed onto names already held.
    const together = await rename(cerroAzul, {
      find: '^(100-(CR|CV)-001|JB-100-01)$',
      replace: 'JB-100-02',
      regex: true,
    });
    expect(together.statusCode, together.body).toBe(409);
    const clashes = together.json().details.clashes as TagRenameAnswer['clashes'];
    expect(clashes.map((c) => c.message).sort()).toEqual([
      '100-CR-001 and 100-CV-001 would all become JB-100-02 (Equipment)',
      'JB-100-01 would become JB-100-02, already taken in Junction boxes, panels and other ends',
    ]);

    // A new tag its list refuses: 422 naming it, nothing written.
    const empty = await preview(cerroAzul, { find: '^100-CV-001$', replace: '100 cv 1', regex: true });
    expect((empty.json() as TagRenameAnswer).problems).toEqual([
      {
        list: 'Equipment',
        tag: '100-CV-001',
        field: 'Tag',
        message: expect.stringMatching(/^100 cv 1: Capital letters, digits and - \. \/ _/),
      },
    ]);
    const refusedValue = await rename(cerroAzul, { find: '^100-CV-001$', replace: '100 cv 1', regex: true });
    expect(refusedValue.statusCode, refusedValue.body).toBe(422);
    expect(refusedValue.json().message).toMatch(
      /^Nothing was renamed: a new value is refused \(100-CV-001, Tag: 100 cv 1: Capital letters/,
    );

    expect(await auditCount()).toBe(before);
    expect(await tagsOf('mech_equipment', 'tagno', cerroAzul)).toContain('100-CV-001');
  });

  it("refuses with the award's lock when a renamed tag is named on a quote under an awarded adjudication, writing nothing", async () => {
    const before = await auditCount();
    const seen = (await preview(cerroAzul, { find: '200', replace: '210' })).json() as TagRenameAnswer;
    expect(seen.clashes).toEqual([]);
    expect(seen.refusal).toEqual({
      message: expect.stringMatching(
        /^Quote Q-2025-10[12] is evaluated in ADJ-200-01, awarded to .*: the quote and its lines are locked\. Withdraw the award/,
      ),
      heldBy: 'the award of ADJ-200-01',
    });
    const refused = await rename(cerroAzul, { find: '200', replace: '210' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(seen.refusal!.message);
    expect(refused.json().details.lockedBy).toBe('the award of ADJ-200-01');
    expect(await auditCount()).toBe(before);
    expect(await tagsOf('mech_equipment', 'tagno', cerroAzul)).toContain('200-ML-001');
  });
});

describe('bulk rename of tags: written', () => {
  it('renames area 100 to 110 on Cerro Azul: tags, cable ends and routes, racks, quote line and package item tags follow, audited', async () => {
    const body = { find: '100', replace: '110' };
    const seen = (await preview(cerroAzul, body)).json() as TagRenameAnswer;
    const before = await auditCount();
    const done = await rename(cerroAzul, body);
    expect(done.statusCode, done.body).toBe(200);
    const answer = done.json() as TagRenameAnswer;
    expect(answer.applied).toBe(true);
    expect({ ...answer, applied: false }).toEqual(seen);
    expect(answer.tags.filter((t) => t.list === 'areas')).toEqual([
      { list: 'areas', id: expect.any(Number), before: '100', after: '110' },
    ]);
    expect(answer.tags.filter((t) => t.list === 'others').map((t) => `${t.before}>${t.after}`)).toEqual([
      'JB-100-01>JB-110-01',
      'JB-100-02>JB-110-02',
      'MCC-100-01>MCC-110-01',
    ]);
    expect(answer.references.find((r) => r.entity === 'quote_lines')).toMatchObject({
      row: 'Quote Q-2025-301 · Line 1',
      field: 'tag',
      before: '100-CV-001',
      after: '110-CV-001',
    });
    expect(answer.linked).toContainEqual(
      expect.objectContaining({ entity: 'instruments', field: 'equipment_id', rows: 4 }),
    );

    expect(await tagsOf('areas', 'areacode', cerroAzul)).toEqual(['110', '200', '300', '400', '500', '600', '700']);
    const equipment = await tagsOf('mech_equipment', 'tagno', cerroAzul);
    expect(equipment).toEqual(expect.arrayContaining(['110-CR-001', '110-CV-001']));
    expect(equipment.filter((tag) => tag.startsWith('100-'))).toEqual([]);
    const cables = await rows<{ cable_tag: string; from_tag: string; to_tag: string; route_ref: string | null }>(
      sql`select cable_tag, from_tag, to_tag, route_ref from cabling where project_id = ${cerroAzul} and cable_tag like '1_0-%' order by cable_tag`,
    );
    expect(cables).toEqual([
      { cable_tag: '110-JIT-104-I-01', from_tag: '110-JIT-104', to_tag: 'MCC-110-01', route_ref: null },
      { cable_tag: '110-LIT-102-I-01', from_tag: '110-LIT-102', to_tag: 'JB-110-01', route_ref: 'LAD-110-01' },
      { cable_tag: '110-SSL-103-C-01', from_tag: '110-SSL-103', to_tag: 'JB-110-02', route_ref: null },
      { cable_tag: '110-WIT-101-I-01', from_tag: '110-WIT-101', to_tag: 'JB-110-01', route_ref: 'LAD-110-01' },
    ]);
    expect(await tagsOf('racking', 'rack_ref', cerroAzul)).not.toContain('LAD-100-01');
    const [line] = await rows<{ tag: string }>(
      sql`select l.tag from quote_lines l join quotes q on q.id = l.quote_id where q.quote_number = 'Q-2025-301' and l.line_no = 1`,
    );
    expect(line!.tag).toBe('110-CV-001');
    const [item] = await rows<{ tag: string }>(
      sql`select i.tag from package_items i join packages p on p.id = i.package_id where p.package_number = 'PKG-100-01' and i.item_no = 1`,
    );
    expect(item!.tag).toBe('110-CV-001');

    // Audited as the engine's saves audit: one row per changed field, by the engineer, with the project.
    const audit = await rows<{
      table_name: string;
      field_name: string;
      old_value: string;
      new_value: string;
      username: string;
      project_id: number | null;
    }>(
      sql`select table_name, field_name, old_value, new_value, username, project_id from audit_log where id > (select max(id) from audit_log) - ${(await auditCount()) - before} order by id`,
    );
    expect(audit).toHaveLength(answer.tags.filter((t) => t.id !== undefined).length + answer.references.length);
    expect(audit.every((a) => a.username === 'engineer')).toBe(true);
    expect(audit).toContainEqual({
      table_name: 'mech_equipment',
      field_name: 'tagno',
      old_value: '100-CR-001',
      new_value: '110-CR-001',
      username: 'engineer',
      project_id: cerroAzul,
    });
    expect(audit).toContainEqual({
      table_name: 'cabling',
      field_name: 'to_tag',
      old_value: 'JB-100-01',
      new_value: 'JB-110-01',
      username: 'engineer',
      project_id: cerroAzul,
    });
    expect(audit).toContainEqual({
      table_name: 'quote_lines',
      field_name: 'tag',
      old_value: '100-CV-001',
      new_value: '110-CV-001',
      username: 'engineer',
      project_id: null,
    });

    // Cerro Azul is under change control (revision A): the renamed rows read as changed since it, the old tag on the tag.
    const changes = (await get(`/projects/${cerroAzul}/changes?from=A&entity=mech_equipment`)).json() as ChangeSummary;
    const crusher = changes.rows.find((r) => r.key === '110-CR-001')!;
    expect(crusher).toMatchObject({
      change: 'added',
      renamedFrom: '100-CR-001',
      fields: [{ field: 'tagno', label: 'Tag', old: '100-CR-001', new: '110-CR-001' }],
    });
    expect(changes.rows.find((r) => r.key === '100-CR-001')).toMatchObject({
      change: 'deleted',
      renamedTo: '110-CR-001',
    });
    expect((await get(`/projects/${cerroAzul}`)).json().isdirty).toBe(true);

    // Nothing left to rename: the same pattern again finds nothing and writes nothing.
    const again = await rename(cerroAzul, body);
    expect(again.json().counts).toEqual({ tags: 0, references: 0, linked: 0, rows: 0 });
  });

  it('renames by a regular expression with groups in the lists asked for; lines follow their renamed area', async () => {
    const project = await newProject(`Rename Test ${Date.now()}`);
    const made = await fillProject(project.id);
    const byRegex = await rename(project.id, {
      find: '^100-(.*)$',
      replace: '110-$1',
      regex: true,
      lists: ['mech_equipment', 'instruments', 'cabling'],
    });
    expect(byRegex.statusCode, byRegex.body).toBe(200);
    expect((byRegex.json() as TagRenameAnswer).tags.map((t) => `${t.list} ${t.before}>${t.after}`)).toEqual([
      'mech_equipment 100-CR-001>110-CR-001',
      'instruments 100-FIT-001>110-FIT-001',
      'cabling 100-FIT-001-I-01>110-FIT-001-I-01',
    ]);
    const [cable] = await rows<{ from_tag: string; to_tag: string }>(
      sql`select from_tag, to_tag from cabling where id = ${made.cables[0]!.id}`,
    );
    expect(cable).toEqual({ from_tag: '110-FIT-001', to_tag: 'JB-100' });
    expect(await tagsOf('areas', 'areacode', project.id)).toEqual(['100', '200']);

    // The area renamed alone: its line's number is composed anew from it; the instrument on the line follows by id.
    const area = await rename(project.id, { find: '100', replace: '110', lists: ['areas'] });
    expect(area.statusCode, area.body).toBe(200);
    const answer = area.json() as TagRenameAnswer;
    expect(answer.tags.map((t) => `${t.list} ${t.before}>${t.after}`)).toEqual([
      'areas 100>110',
      'piping 350-SL-100-001-HR1>350-SL-110-001-HR1',
    ]);
    expect(answer.linked).toContainEqual({
      entity: 'instruments',
      list: 'Instruments',
      field: 'line_id',
      fieldLabel: 'On line',
      target: 'Lines',
      rows: 1,
    });
    expect((await get(`/entities/piping/${made.line.id}`)).json()).toMatchObject({
      line_number: '350-SL-110-001-HR1',
      version: made.line.version + 1,
    });
  });
});
