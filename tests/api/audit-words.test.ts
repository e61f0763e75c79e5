import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * The audit trail in words (a row's History, the dashboard's feed) names every value as people read it: an
 * enum by its label, a lookup by its row's label, a soft-deleted row with "(deleted)", a row deleted for good
 * by the label its delete kept, a record whose label field is a lookup (a CAPEX factor is its category) by
 * that row's label. Never a stored code nor an id.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject } = projectFixtures(suite);

const historyOf = async (entity: string, id: number): Promise<string[]> => {
  const response = await get(`/entities/${entity}/${id}/history`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { summary: string }[]).map((entry) => entry.summary);
};

const update = async (entity: string, row: EntityRow, changes: Record<string, unknown>): Promise<EntityRow> => {
  const response = await post(`/entities/${entity}/batch`, {
    updates: [{ id: row.id, version: row.version, changes }],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().updated[0] as EntityRow;
};

describe('the audit trail in words', () => {
  it("tells a row's history with labels: enums, lookups, areas soft-deleted and deleted for good", async () => {
    const project = await newProject('Audit Words Project');
    const [a100, a200, a300] = await create('areas', [
      { project_id: project.id, areacode: '100', description: 'Crushing' },
      { project_id: project.id, areacode: '200', description: 'Grinding' },
      { project_id: project.id, areacode: '300', description: 'Flotation' },
    ]);
    const [crusher] = await create('mech_equipment', [
      { projarea_id: a100!.id, tagno: '100-CR-001', description: 'Primary crusher', price_source: 'firm_quote' },
    ]);
    let row = await update('mech_equipment', crusher!, { price_source: 'budget_quote', projarea_id: a200!.id });
    row = await update('mech_equipment', row, { projarea_id: a300!.id });
    // Area 100 is deleted for good (nothing names it any more), area 300 soft-deleted (the crusher is still in it).
    expect(
      (await post('/entities/areas/batch', { deletes: [{ id: a100!.id, version: a100!.version }] })).statusCode,
    ).toBe(200);
    await update('areas', a300!, { deleteflag: true });

    const history = await historyOf('mech_equipment', row.id);
    expect(history).toContain('engineer changed Price source of 100-CR-001 from Firm quote to Budget quote');
    expect(history).toContain('engineer changed Area of 100-CR-001 from 100 (deleted) to 200');
    expect(history).toContain('engineer changed Area of 100-CR-001 from 200 to 300 (deleted)');
    expect(history.join('\n')).not.toMatch(/budget_quote|firm_quote|#\d/);
    // The area's own history names it by its code, without "(deleted)".
    expect(await historyOf('areas', a300!.id)).toContain('engineer changed Deleted of 300 from No to Yes');
  });

  it('names a record whose label field is a lookup by that row, deleted too', async () => {
    const project = await newProject('Audit Words Factors');
    const categories = (await get('/entities/item_categories?limit=2')).json().rows as EntityRow[];
    const category = categories[0]!;
    const [factor] = await create('capex_factors', [
      { project_id: project.id, category_id: category.id, install_factor: '0.45', bulks_factor: '0.30' },
    ]);
    const changed = await update('capex_factors', factor!, { install_factor: '0.5' });
    expect(await historyOf('capex_factors', factor!.id)).toEqual([
      `engineer changed Installation factor of ${String(category.name)} from 0.45 to 0.5`,
      `engineer added CAPEX factor ${String(category.name)}`,
    ]);

    expect(
      (await post('/entities/capex_factors/batch', { deletes: [{ id: changed.id, version: changed.version }] }))
        .statusCode,
    ).toBe(200);
    const feed = (await get('/dashboarddata')).json().recentactivityfeed as { summary: string }[];
    expect(feed.map((entry) => entry.summary)).toContain(`engineer deleted CAPEX factor ${String(category.name)}`);
  });
});
