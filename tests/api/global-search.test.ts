import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchGroup, type SearchHit, type SearchResponse } from '../../src/lib/global-search';
import { searchKinds } from '../../src/schemas/documents/document-registry';
import { queryRows } from '../../src/server/entities/entity-sql';
import { searchStatement } from '../../src/server/modules/search/global-search';
import { SEARCH_SOURCES, searchIndexName, searchIndexStatements } from '../../src/server/modules/search/search-sources';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let viewer: string;
let engineer: string;
beforeAll(async () => {
  t = await createTestApp();
  [viewer, engineer] = await Promise.all([t.tokenFor('viewer'), t.tokenFor('engineer')]);
});
afterAll(async () => t?.close());

const search = async (q: string, limit?: number): Promise<SearchResponse> => {
  const response = await t.call({
    url: `/api/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
    token: viewer,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const group = (answer: SearchResponse, kind: string): SearchGroup | undefined =>
  answer.groups.find((g) => g.kind === kind);
const titles = (hits: SearchHit[] | undefined) => (hits ?? []).map((h) => h.title);
const marked = (text: string | null, spans: [number, number][]) =>
  spans.map(([from, to]) => (text ?? '').slice(from, to));

describe('GET /api/search', () => {
  it('finds a demo equipment tag first, in its group, with its project and the match marked', async () => {
    const answer = await search('200-ML-001');
    expect(answer.groups[0]?.kind).toBe('equipment');
    expect(answer.groups[0]?.label).toBe('Equipment tags');
    const [first] = answer.groups[0]!.hits;
    expect(first).toMatchObject({
      title: '200-ML-001',
      rank: 0,
      project_name: 'Cerro Azul Copper Concentrator',
      highlight: { title: [[0, 10]] },
    });
    // The line running to the mill is found by its route, below the tag itself.
    expect(titles(group(answer, 'lines')?.hits)).toContain('400-PW-700-001-CS1');
  });

  it('ranks the exact value before one starting with the term, before one containing it', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/entities/clients/batch',
      token: engineer,
      // Created partial first, so the order found is not the order of ids.
      payload: {
        creates: ['Old Quillmark Co', 'Quillmark Ridge Mining', 'Quillmark'].map((name, i) => ({
          clientKey: String(i),
          values: { name },
        })),
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const clients = group(await search('quillmark'), 'clients')!;
    expect(titles(clients.hits)).toEqual(['Quillmark', 'Quillmark Ridge Mining', 'Old Quillmark Co']);
    expect(clients.hits.map((h) => h.rank)).toEqual([0, 1, 2]);
    expect(clients.hits.map((h) => marked(h.title, h.highlight.title))).toEqual([
      ['Quillmark'],
      ['Quillmark'],
      ['Quillmark'],
    ]);

    // Tags alike: the exact tag of each project before the tags it begins.
    const tags = group(await search('200-PP-001A'), 'equipment')!;
    expect(tags.hits.map((h) => [h.title, h.rank])).toEqual([
      ['200-PP-001A', 0],
      ['200-PP-001A', 0],
    ]);
    expect(group(await search('200-PP-001'), 'equipment')!.hits.every((h) => h.rank === 1)).toBe(true);
  });

  it('groups hits by kind, the kind of the best hit first, at most `limit` a kind, every word required', async () => {
    const answer = await search('slurry pump', 2);
    const kinds = answer.groups.map((g) => g.kind);
    expect(kinds).toEqual(expect.arrayContaining(['suppliers', 'parts', 'packages', 'equipment']));
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const g of answer.groups) {
      expect(g.label).toBe(searchKinds.find((k) => k.kind === g.kind)?.label);
      expect(g.hits.length).toBeGreaterThan(0);
      expect(g.hits.length).toBeLessThanOrEqual(2);
    }
    const ranks = answer.groups.map((g) => g.hits[0]!.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Both words, anywhere: the supplier's name holds them apart, each marked.
    const supplier = group(answer, 'suppliers')!.hits[0]!;
    expect(supplier.title).toBe('Karoo Slurry Pumps (Pty) Ltd');
    expect(marked(supplier.title, supplier.highlight.title)).toEqual(['Slurry', 'Pump']);
    // A part whose text has one word of the two is not found.
    expect(titles(group(await search('slurry zebra'), 'parts')?.hits)).toEqual([]);
  });

  it('finds a project by its number, a quote with its supplier, a drawing with its list', async () => {
    const project = group(await search('P-2025-007'), 'projects')!.hits[0]!;
    expect(project).toMatchObject({ title: 'Cerro Azul Copper Concentrator', rank: 0 });
    expect(marked(project.subtitle, project.highlight.subtitle)).toEqual(['P-2025-007']);
    const quote = group(await search('Q-2025-202'), 'quotes')!.hits[0]!;
    expect(quote.subtitle).toMatch(/^Karoo Slurry Pumps \(Pty\) Ltd/);
    // P&IDs and PFDs are one kind, each hit saying which list (its tab) it is on.
    const pids = group(await search('PID-200-001'), 'drawings')!.hits;
    expect(pids.length).toBeGreaterThan(0);
    expect(pids.every((h) => h.title === 'PID-200-001' && h.list === 'pids')).toBe(true);
    const pfds = group(await search('PFD-000-001'), 'drawings')!.hits;
    expect(pfds.map((h) => [h.title, h.list, h.project_name]).sort()).toEqual([
      ['PFD-000-001', 'pfds', 'Cerro Azul Copper Concentrator'],
      ['PFD-000-001', 'pfds', 'Kwinana Lithium Hydroxide Refinery'],
    ]);
  });

  it('leaves soft-deleted rows out, and finds them again once restored', async () => {
    const before = group(await search('200-ML-00'), 'equipment')!;
    expect(titles(before.hits)).toEqual(['200-ML-001', '200-ML-002', '200-ML-003']);
    const rowId = before.hits[1]!.id;
    const row = (await t.call({ url: `/api/entities/mech_equipment/${rowId}`, token: viewer })).json();
    const save = (deleteflag: boolean, version: number) =>
      t.call({
        method: 'POST',
        url: '/api/entities/mech_equipment/batch',
        token: engineer,
        payload: { updates: [{ id: rowId, version, changes: { deleteflag } }] },
      });
    const deleted = await save(true, row.version);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(titles(group(await search('200-ML-00'), 'equipment')?.hits)).toEqual(['200-ML-001', '200-ML-003']);
    expect(titles(group(await search('200-ML-002'), 'equipment')?.hits)).toEqual([]);
    expect((await save(false, row.version + 1)).statusCode).toBe(200);
    expect(titles(group(await search('200-ML-002'), 'equipment')?.hits)).toEqual(['200-ML-002']);
  });

  it('answers a term too short with no groups and a note, and refuses bad input with a 400', async () => {
    for (const q of ['', ' ', 'a', ' 2 ', 'ml']) {
      const answer = await search(q);
      expect(answer.groups).toEqual([]);
      expect(answer.note).toBe('Type at least 3 characters to search.');
    }
    // % and _ are matched as typed, not as wildcards.
    expect((await search('%%%')).groups).toEqual([]);
    expect((await search('___')).groups).toEqual([]);
    for (const url of [
      `/api/search?q=${'x'.repeat(201)}`,
      '/api/search?q=pump&limit=0',
      '/api/search?q=pump&limit=51',
      '/api/search?q=pump&limit=many',
      '/api/search?q=a%00b',
    ]) {
      const response = await t.call({ url, token: viewer });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    expect((await t.call({ url: '/api/search?q=pump' })).statusCode).toBe(401);
  });

  it('is served by the trigram index of every table it reads', async () => {
    const migration = fs
      .readdirSync(path.resolve('src/server/db/migrations'))
      .filter((file) => file.endsWith('.sql'))
      .map((file) => fs.readFileSync(path.resolve('src/server/db/migrations', file), 'utf8'))
      .join('\n');
    for (const statement of searchIndexStatements()) expect(migration).toContain(statement);
    const plan = await t.database.db.transaction(async (tx) => {
      // On a few demo rows a sequential scan is cheaper; with it off, only an index the query can use avoids it.
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain ${searchStatement('200-ML-001', ['200-ML-001'], 5)}`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    for (const source of SEARCH_SOURCES) expect(plan, source.table).toContain(searchIndexName(source));
  });
});
