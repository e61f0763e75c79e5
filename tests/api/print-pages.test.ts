import { describe, expect, it } from 'vitest';
import { getEntitySchema } from '../../src/schemas/registry';
import { printList } from '../../src/server/modules/deliverables/print-list';
import { openWorkbook } from '../support/evaluate-workbook';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * Print / PDF reads a list in pages (#31 item 6), those after the first two at a time: across every page and
 * pair boundary (0, 1, B-1, B, B+1, 2B, 2B+1, 3B, 3B+1, 5B-1 rows for a page of B) the print holds exactly the rows the list has, each once, in the list's order, and says how many;
 * at its row limit it prints, one past it it refuses (413) without printing a part.
 */
const suite = signedInSuite();
const { newProject, create } = projectFixtures(suite);
const PAGE = 3;

async function printedTags(projectId: number, maxRows = 100): Promise<{ tags: string[]; said: string; rows: number }> {
  const printed = await printList(
    suite.t.database.db,
    {
      schema: getEntitySchema('instruments'),
      kind: 'xlsx',
      firm: 'Test',
      query: {
        filters: [{ field: 'project_id', op: 'equals', value: projectId }],
        sort: [{ field: 'tagno', direction: 'asc' }],
      },
      columns: ['tagno'],
      projectId,
    },
    { pageRows: PAGE, maxRows },
  );
  const { sheet } = await openWorkbook(printed.bytes);
  const tags: string[] = [];
  let said = '';
  sheet.eachRow((row) => {
    const value = String(row.getCell(2).value ?? '');
    if (/^300-FIT-\d{3}$/.test(value)) tags.push(value);
    if (value.startsWith('Instruments: ')) said = value;
  });
  return { tags, said, rows: printed.rows };
}

describe('Print / PDF across its page boundaries', () => {
  it('prints exactly the rows the list has, each once and in order, across every page and pair boundary', async () => {
    for (const count of [
      0,
      1,
      PAGE - 1,
      PAGE,
      PAGE + 1,
      2 * PAGE,
      2 * PAGE + 1,
      3 * PAGE,
      3 * PAGE + 1,
      5 * PAGE - 1,
    ]) {
      const project = await newProject(`Print Pages ${count}`);
      const [area] = await create('areas', [{ project_id: project.id, areacode: '300', description: 'Flotation' }]);
      const expected = Array.from({ length: count }, (_, i) => `300-FIT-${String(i + 1).padStart(3, '0')}`);
      if (count > 0)
        await create(
          'instruments',
          expected.map((tagno) => ({ projarea_id: area!.id, tagno, letters: 'FIT', io_type: 'AI' })),
        );
      const printed = await printedTags(project.id as number);
      expect(printed.tags, `${count} rows`).toEqual(expected);
      expect(printed.rows).toBe(count);
      expect(printed.said).toBe(`Instruments: ${count} row${count === 1 ? '' : 's'} (filtered)`);
    }
  });

  it('prints a list of exactly its row limit, and refuses one row more with a 413 that names the limit', async () => {
    const project = await newProject('Print Limit');
    const [area] = await create('areas', [{ project_id: project.id, areacode: '300', description: 'Flotation' }]);
    await create(
      'instruments',
      Array.from({ length: 2 * PAGE + 1 }, (_, i) => ({
        projarea_id: area!.id,
        tagno: `300-FIT-${String(i + 1).padStart(3, '0')}`,
        letters: 'FIT',
        io_type: 'AI',
      })),
    );
    expect((await printedTags(project.id as number, 2 * PAGE + 1)).rows).toBe(2 * PAGE + 1);
    await expect(printedTags(project.id as number, 2 * PAGE)).rejects.toMatchObject({
      status: 413,
      message: expect.stringContaining('a print takes at most 6'),
    });
  });
});
