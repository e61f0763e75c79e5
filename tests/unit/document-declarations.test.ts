import { describe, expect, it } from 'vitest';
import { documentProblems } from '../../src/schemas/documents/document-check';
import { documentDeclarations, projectDocument, revisedLists } from '../../src/schemas/documents/document-registry';
import type { DocumentDeclaration } from '../../src/schemas/documents/document-types';
import { entitySchemas } from '../../src/schemas/registry';
import { unknownRuleNames } from '../../src/server/entities/save-hooks';

/** The project document with one change made to a copy of it. */
const projectWith = (edit: (lists: DocumentDeclaration['lists'][number][]) => void): DocumentDeclaration => {
  const lists = projectDocument.lists.map((list) => ({ ...list }));
  edit(lists);
  return { ...projectDocument, lists };
};

describe('documents are declared and checked against the entity schemas', () => {
  it('finds nothing wrong in the documents the app serves', () => {
    expect(documentProblems(documentDeclarations, entitySchemas)).toEqual([]);
  });

  it('names only rules the server implements', () => {
    expect(unknownRuleNames()).toEqual([]);
  });

  it('refuses a document that leaves out a list kept per its header', () => {
    const missing = projectWith((lists) =>
      lists.splice(
        lists.findIndex((l) => l.entity === 'racking'),
        1,
      ),
    );
    expect(documentProblems([missing], entitySchemas)).toContain(
      'document Project: racking is kept per projects (its scope root) but is not one of its lists.',
    );
  });

  it('refuses a list that is not kept per the header, and a list declared by two documents', () => {
    const stray = projectWith((lists) => lists.push({ entity: 'quote_lines' }));
    expect(documentProblems([stray], entitySchemas)).toContain(
      "document Project: list quote_lines's scope root is not a lookup to projects.",
    );
    expect(documentProblems([projectDocument, projectDocument], entitySchemas)).toContain(
      'document Project: list areas is already a list of Project.',
    );
  });

  it('refuses a list whose rows are not part of a header row (a delete with contents would leave them)', () => {
    const loose = entitySchemas.map((schema) =>
      schema.name !== 'racking'
        ? schema
        : { ...schema, fields: schema.fields.map((f) => (f.kind === 'lookup' ? { ...f, partOf: undefined } : f)) },
    );
    expect(documentProblems([projectDocument], loose)).toContain(
      'document Project: list racking is not part of a projects row (no partOf lookup leads to it).',
    );
  });

  it('refuses nesting by a field that is not the lookup to the list it nests under', () => {
    const wrong = projectWith((lists) => {
      const index = lists.findIndex((l) => l.entity === 'piping');
      lists[index] = { ...lists[index]!, nest: [{ under: 'areas', by: ['pid_id'] }] };
    });
    expect(documentProblems([wrong], entitySchemas)).toContain(
      'document Project: list piping nests under areas by pid_id, which is not its lookup to areas.',
    );
  });

  it('refuses a tab slug used twice and a search that reads a field the list does not have', () => {
    const twice = projectWith((lists) => {
      const index = lists.findIndex((l) => l.entity === 'pfds');
      lists[index] = { ...lists[index]!, tab: { label: 'PFDs', slug: 'pids' } };
    });
    expect(documentProblems([twice], entitySchemas)).toContain('document Project: tab slug pids is used twice.');
    const misspelt = projectWith((lists) => {
      const index = lists.findIndex((l) => l.entity === 'mech_equipment');
      const search = lists[index]!.search!;
      lists[index] = { ...lists[index]!, search: { ...search, text: ['tagno', 'descripton'] } };
    });
    expect(documentProblems([misspelt], entitySchemas)).toContain(
      'document Project: search of mech_equipment reads descripton, which is not one of its fields.',
    );
  });

  it("keeps in the project's JSON and revisions every tabbed list but the duty sheets and the register", () => {
    expect(revisedLists(projectDocument)).not.toContain('duty_sheets');
    expect(revisedLists(projectDocument)).not.toContain('project_documents');
    expect(revisedLists(projectDocument)).toEqual(
      expect.arrayContaining(['areas', 'mech_equipment', 'racking', 'streams']),
    );
  });
});
