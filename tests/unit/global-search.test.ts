import { describe, expect, it } from 'vitest';
import { DOCUMENT_TABS, FIRST_TAB } from '../../src/features/projects/project-tabs';
import { searchedEntities } from '../../src/schemas/documents/document-registry';
import { searchResultPath } from '../../src/app/search/search-result-path';
import { matchSpans, searchWords } from '../../src/lib/global-search';

describe('the navbar search', () => {
  it('marks every occurrence of every word, any case, overlapping spans merged', () => {
    expect(matchSpans('Karoo Slurry Pumps (Pty) Ltd', searchWords(' slurry  PUMP '))).toEqual([
      [6, 12],
      [13, 17],
    ]);
    expect(matchSpans('200-ML-001 / 400-ML-001', ['ml-00'])).toEqual([
      [4, 9],
      [17, 22],
    ]);
    expect(matchSpans('abcd', ['abc', 'bcd'])).toEqual([[0, 4]]);
    expect(matchSpans(null, ['x'])).toEqual([]);
  });

  it('opens each kind on its record: a tag on its project tab, a drawing on its page, a client in its list', () => {
    const tabs = DOCUMENT_TABS.map((tab) => tab.slug);
    // The tab a list's hit names (the server's, from the declarations) is a tab of the project's page.
    for (const { tab } of searchedEntities) if (tab !== null) expect(tabs).toContain(tab);
    expect(searchResultPath('equipment', { id: 9, project_id: 3, list: 'equipment' })).toBe(
      '/home/general/projectdetail/3/equipment?open=9',
    );
    expect(searchResultPath('lines', { id: 9, project_id: 3, list: 'piping' })).toBe(
      '/home/general/projectdetail/3/piping?open=9',
    );
    expect(searchResultPath('drawings', { id: 4, project_id: 3, list: 'pfds' })).toBe(
      '/home/general/projectdetail/3/pfds/4',
    );
    expect(searchResultPath('projects', { id: 3, project_id: null, list: null })).toBe(
      `/home/general/projectdetail/3/${FIRST_TAB.slug}`,
    );
    expect(searchResultPath('clients', { id: 5, project_id: null, list: null })).toBe(
      '/home/general/clientlist?open=5',
    );
    expect(searchResultPath('parts', { id: 5, project_id: null, list: null })).toBe('/home/general/thepart/5');
  });
});
