import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/app/api/api-client';
import { saveRefusal } from '../../src/forms/save-refusal';
import type { ConflictDetails, DependencyDetails, EntityRow, ValidationDetails } from '../../src/lib/entity-api';
import { projects } from '../../src/schemas/entities/business-entities';

const stored: EntityRow = {
  id: 7,
  version: 3,
  created_at: '',
  created_by: 'a',
  updated_at: '',
  updated_by: 'b',
  project_number: 'P-7',
  name: 'Theirs',
};
const refused409 = (message: string, details?: unknown) =>
  new ApiError(409, { error: 'conflict', message, ...(details === undefined ? {} : { details }) });
const conflictOf = (current: EntityRow | null): ConflictDetails => ({ conflicts: [{ op: 'update', id: 7, current }] });
const edit = { id: 7, conflictAlternative: 'cancel' };
const create = { conflictAlternative: 'cancel' };

describe('saveRefusal', () => {
  it('a 409 naming the row with its current state is a conflict to reload', () => {
    const refusal = saveRefusal(
      projects,
      refused409('Changed by someone else since you loaded it', conflictOf(stored)),
      edit,
    );
    expect(refusal).toEqual({
      kind: 'conflict',
      conflict: {
        current: stored,
        message:
          'Someone else changed this project since you opened it. Reload it to see their changes (yours will be lost), or cancel.',
      },
    });
  });

  it('a 409 naming the row as deleted is a conflict with nothing to reload', () => {
    expect(
      saveRefusal(projects, refused409('Changed by someone else since you loaded it', conflictOf(null)), edit),
    ).toEqual({
      kind: 'conflict',
      conflict: { current: null, message: 'This project was deleted by someone else.' },
    });
  });

  // The shapes of bulk-write's toAppError (a clash or a reference the database caught) and of dependants.ts.
  const withoutConflict: [string, ApiError][] = [
    ['a value another row took', refused409('Another row already has this Project Number.')],
    [
      'a reference gone',
      refused409(
        'The change refers to a row that does not exist, or removes a row still referenced elsewhere (projects_client_id_clients_id_fk).',
      ),
    ],
    [
      'a delete refused for dependants',
      refused409("Cannot delete: still used by Area 'A-1' (Project).", {
        dependants: [{ entity: 'areas', entityLabel: 'Area', id: 1, label: 'A-1', field: 'Project' }],
        total: 1,
      } satisfies DependencyDetails),
    ],
  ];
  for (const [what, error] of withoutConflict) {
    it(`a 409 without conflict details (${what}) is the server's message, on an edit and on a new row`, () => {
      expect(saveRefusal(projects, error, edit)).toEqual({ kind: 'message', message: error.message });
      expect(saveRefusal(projects, error, create)).toEqual({ kind: 'message', message: error.message });
    });
  }

  it('a 409 whose conflicts name other rows only, or a new row, is no conflict of this form', () => {
    const other: ConflictDetails = { conflicts: [{ op: 'update', id: 8, current: { ...stored, id: 8 } }] };
    expect(saveRefusal(projects, refused409('Changed by someone else since you loaded it', other), edit).kind).toBe(
      'message',
    );
    expect(
      saveRefusal(projects, refused409('Changed by someone else since you loaded it', conflictOf(stored)), create).kind,
    ).toBe('message');
  });

  it("a 422 puts the row's errors on their fields with the row's message, else names unknown fields, else the server's message", () => {
    const invalid = (details?: ValidationDetails) =>
      new ApiError(422, { error: 'validation_failed', message: 'Some rows are invalid', details });
    const fields = { project_number: 'Another row already has this Project Number' };
    expect(saveRefusal(projects, invalid({ rowErrors: [{ op: 'update', index: 0, id: 7, fields }] }), edit)).toEqual({
      kind: 'invalid',
      fields,
      message: 'Fix the marked fields.',
    });
    expect(
      saveRefusal(
        projects,
        invalid({ rowErrors: [{ op: 'update', index: 0, fields: { nope: 'Unknown field' } }] }),
        edit,
      ),
    ).toMatchObject({ message: 'nope: Unknown field' });
    expect(
      saveRefusal(
        projects,
        invalid({ rowErrors: [{ op: 'create', index: 0, fields: {}, message: 'Row rule' }] }),
        create,
      ),
    ).toMatchObject({ message: 'Row rule' });
    expect(saveRefusal(projects, invalid(), create)).toEqual({
      kind: 'invalid',
      fields: {},
      message: 'Some rows are invalid',
    });
  });

  it('anything else is its message', () => {
    expect(
      saveRefusal(
        projects,
        new ApiError(403, { error: 'forbidden', message: 'Your role cannot change projects' }),
        edit,
      ),
    ).toEqual({ kind: 'message', message: 'Your role cannot change projects' });
    expect(saveRefusal(projects, new TypeError('Failed to fetch'), edit)).toEqual({
      kind: 'message',
      message: 'Failed to fetch',
    });
  });
});
