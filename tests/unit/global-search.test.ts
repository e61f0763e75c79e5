import { describe, expect, it } from 'vitest';
import { DOCUMENT_TABS } from '../../src/features/projects/project-tabs';
import { SEARCH_PROJECT_TABS, searchResultPath } from '../../src/app/search/search-result-path';
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
    for (const slug of Object.values(SEARCH_PROJECT_TABS)) expect(tabs).toContain(slug);
    expect(searchResultPath('equipment', { id: 9, project_id: 3, list: null })).toBe(
      '/home/general/projectdetail/3/equipment?open=9',
    );
    expect(searchResultPath('lines', { id: 9, project_id: 3, list: null })).toBe(
      '/home/general/projectdetail/3/piping?open=9',
    );
    expect(searchResultPath('drawings', { id: 4, project_id: 3, list: 'pfds' })).toBe(
      '/home/general/projectdetail/3/pfds/4',
    );
    expect(searchResultPath('projects', { id: 3, project_id: null, list: null })).toBe(
      '/home/general/projectdetail/3/areas',
    );
    expect(searchResultPath('clients', { id: 5, project_id: null, list: null })).toBe(
      '/home/general/clientlist?open=5',
    );
    expect(searchResultPath('parts', { id: 5, project_id: null, list: null })).toBe('/home/general/thepart/5');
  });
});
