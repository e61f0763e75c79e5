import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OverdueActions, OverdueOwner } from '../../src/lib/meetings';
import type { EntityRow } from '../../src/schemas/schema-types';
import { signedInSuite } from '../support/test-app';

/**
 * Meetings (issue #17 item 7, field guide §12): a meeting with its minutes; Next meeting carries exactly
 * the open actions forward (not done or cancelled ones, not information or decisions), in one audited
 * transaction; overdue actions grouped by owner; the minutes' rules; viewers read only.
 */
const suite = signedInSuite();
const { get, post } = suite;

async function create(entity: string, rows: Record<string, unknown>[]): Promise<EntityRow[]> {
  const response = await post(`/entities/${entity}/batch`, {
    creates: rows.map((values, i) => ({ clientKey: `k${i}`, values })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().created as EntityRow[];
}

const newMeeting = async (series: string, values: Record<string, unknown> = {}) =>
  (
    await create('meetings', [
      {
        title: `${series} meeting`,
        series,
        meeting_date: '2026-03-02',
        location: 'Room 4',
        attendees: 'Ana (Client)\nBen (Us)',
        is_testdata: true,
        ...values,
      },
    ])
  )[0] as EntityRow;

const rows = async (query: ReturnType<typeof sql>) =>
  ((await suite.t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A meeting whose minutes hold one of each: information, decision, two open actions, a done one and a cancelled one. */
async function meetingWithMinutes(series: string, owner = 'Ana Torres') {
  const meeting = await newMeeting(series);
  const action = (item_no: number, description: string, status: string, due_date = '2026-03-06') => ({
    meeting_id: meeting.id,
    item_no,
    kind: 'action',
    description,
    owner,
    due_date,
    status,
  });
  const items = await create('meeting_items', [
    { meeting_id: meeting.id, item_no: 1, kind: 'information', description: 'Engineering at 40 %' },
    { meeting_id: meeting.id, item_no: 2, kind: 'decision', description: 'Gearless drive kept' },
    action(3, 'Confirm motor voltage', 'open', '2026-03-05'),
    action(4, 'Issue the bid evaluation', 'done'),
    action(5, 'Review the cost report', 'cancelled'),
    action(6, 'Send pump duty points', 'open', '2026-03-09'),
  ]);
  return { meeting, items };
}

const overdue = async (today: string): Promise<OverdueActions> => {
  const response = await get(`/meetings/overdue-actions?today=${today}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const ownerGroup = (answer: OverdueActions, owner: string): OverdueOwner | undefined =>
  answer.owners.find((group) => group.owner.toLowerCase() === owner.toLowerCase());

describe('Next meeting (carry open actions forward)', () => {
  it('creates the next meeting of the series a week on, copying exactly the open actions with carried_from; the originals become carried', async () => {
    const { meeting, items } = await meetingWithMinutes('Carry Test Weekly');
    const [{ last }] = (await rows(sql`select coalesce(max(id), 0) as last from audit_log`)) as [{ last: number }];
    const response = await post(`/meetings/${meeting.id}/next`, {});
    expect(response.statusCode, response.body).toBe(200);
    const { meeting: next, carried } = response.json() as { meeting: EntityRow; carried: EntityRow[] };
    expect(next).toMatchObject({
      series: 'Carry Test Weekly',
      title: 'Carry Test Weekly meeting',
      meeting_date: '2026-03-09',
      location: 'Room 4',
      attendees: 'Ana (Client)\nBen (Us)',
      is_testdata: true,
      agenda: null,
    });

    expect(
      carried.map((row) => [
        row.item_no,
        row.kind,
        row.description,
        row.owner,
        row.due_date,
        row.status,
        row.carried_from,
      ]),
    ).toEqual([
      [1, 'action', 'Confirm motor voltage', 'Ana Torres', '2026-03-05', 'open', '2026-03-02 #3'],
      [2, 'action', 'Send pump duty points', 'Ana Torres', '2026-03-09', 'open', '2026-03-02 #6'],
    ]);
    const stored = await rows(
      sql`select item_no, status from meeting_items where meeting_id = ${next.id} order by item_no`,
    );
    expect(stored).toHaveLength(2);

    const before = await rows(
      sql`select item_no, status from meeting_items where meeting_id = ${meeting.id} order by item_no`,
    );
    expect(before.map((row) => row.status)).toEqual([null, null, 'carried', 'done', 'cancelled', 'carried']);

    // Through the engine: one audit row per created meeting and item, one per original's status change.
    const audit = await rows(
      sql`select table_name, action, field_name, new_value from audit_log where id > ${last} and ((table_name = 'meetings' and record_id = ${String(next.id)}) or (table_name = 'meeting_items' and record_id in (${sql.join(
        [...carried, items[2]!, items[5]!].map((row) => String(row.id)),
        sql`, `,
      )}))) order by id`,
    );
    expect(
      audit.map((row) => `${row.table_name} ${row.action} ${row.field_name ?? ''} ${row.new_value ?? ''}`.trim()),
    ).toEqual([
      'meetings insert',
      'meeting_items insert',
      'meeting_items insert',
      'meeting_items update status carried',
      'meeting_items update status carried',
    ]);
  });

  it('takes a date and a title; refuses (409) a second next meeting from a meeting that is no longer the latest, and a date not after it (422)', async () => {
    const { meeting } = await meetingWithMinutes('Carry Test Refusals');
    expect((await post(`/meetings/${meeting.id}/next`, { meeting_date: '2026-03-02' })).statusCode).toBe(422);
    const made = await post(`/meetings/${meeting.id}/next`, {
      meeting_date: '2026-03-12',
      title: 'Special progress meeting',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().meeting).toMatchObject({ meeting_date: '2026-03-12', title: 'Special progress meeting' });

    const again = await post(`/meetings/${meeting.id}/next`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already has a later meeting: "Special progress meeting" on 2026-03-12');
    // Nothing was carried twice.
    expect(await rows(sql`select count(*)::int as n from meetings where series = 'Carry Test Refusals'`)).toEqual([
      { n: 2 },
    ]);

    // The new meeting's own next carries the same actions on, naming the meeting they were copied into last.
    const third = await post(`/meetings/${made.json().meeting.id}/next`, {});
    expect(third.json().carried.map((row: EntityRow) => row.carried_from)).toEqual(['2026-03-12 #1', '2026-03-12 #2']);
    expect(third.json().meeting.meeting_date).toBe('2026-03-19');
  });

  it('answers 404 for no such meeting, 400 for a bad id or body, and 403 for a viewer', async () => {
    expect((await post('/meetings/999999/next', {})).statusCode).toBe(404);
    expect((await post('/meetings/abc/next', {})).statusCode).toBe(400);
    const { meeting } = await meetingWithMinutes('Carry Test Viewer');
    expect((await post(`/meetings/${meeting.id}/next`, { meeting_date: '2026-13-40' })).statusCode).toBe(400);
    expect((await post(`/meetings/${meeting.id}/next`, { when: 'soon' })).statusCode).toBe(400);
    expect((await post(`/meetings/${meeting.id}/next`, {}, suite.viewer)).statusCode).toBe(403);
    expect(await rows(sql`select count(*)::int as n from meetings where series = 'Carry Test Viewer'`)).toEqual([
      { n: 1 },
    ]);
  });
});

describe('overdue actions by owner', () => {
  it('groups the open actions due before today by owner (case-insensitively), oldest first, each with its meeting; an action carried on counts once', async () => {
    const { meeting } = await meetingWithMinutes('Overdue Test Weekly', 'Olga Overdue');
    const other = await newMeeting('Overdue Test Other', { meeting_date: '2026-03-03', title: 'Pump review' });
    await create('meeting_items', [
      {
        meeting_id: other.id,
        item_no: 1,
        kind: 'action',
        description: 'Check seal water',
        owner: 'olga overdue',
        due_date: '2026-03-04',
        status: 'open',
      },
    ]);

    const on8th = ownerGroup(await overdue('2026-03-08'), 'Olga Overdue');
    // Due 03-04 and 03-05 are overdue on the 8th; 03-09 is not; done and cancelled ones never are.
    expect(on8th).toMatchObject({ count: 2, oldest_due: '2026-03-04' });
    expect(
      on8th?.items.map((item) => [
        item.description,
        item.due_date,
        item.days_overdue,
        item.meeting_title,
        item.meeting_date,
        item.meeting_id,
      ]),
    ).toEqual([
      ['Check seal water', '2026-03-04', 4, 'Pump review', '2026-03-03', other.id],
      ['Confirm motor voltage', '2026-03-05', 3, 'Overdue Test Weekly meeting', '2026-03-02', meeting.id],
    ]);

    // Carried to the next meeting: listed there, not twice.
    const next = (await post(`/meetings/${meeting.id}/next`, {})).json().meeting as EntityRow;
    const on10th = ownerGroup(await overdue('2026-03-10'), 'Olga Overdue');
    expect(on10th?.count).toBe(3);
    expect(on10th?.items.map((item) => [item.description, item.meeting_id, item.carried_from])).toEqual([
      ['Check seal water', other.id, null],
      ['Confirm motor voltage', next.id, '2026-03-02 #3'],
      ['Send pump duty points', next.id, '2026-03-02 #6'],
    ]);
    expect(ownerGroup(await overdue('2026-03-04'), 'Olga Overdue')).toBeUndefined();
  });

  it("lists the demo series' overdue actions, and refuses a date that is not one", async () => {
    const answer = await overdue('2026-01-01');
    expect(answer.today).toBe('2026-01-01');
    const priya = ownerGroup(answer, 'Priya Nair');
    expect(priya?.items.map((item) => item.description)).toEqual([
      'Update the single line diagram for 13.8 kV ball mill motors.',
      'Collect vendor data sheets for the flotation level transmitters.',
    ]);
    expect(priya?.items[0]).toMatchObject({
      series: 'Cerro Azul weekly progress',
      meeting_date: '2025-10-21',
      carried_from: '2025-10-14 #5',
      project_name: 'Cerro Azul Copper Concentrator',
    });
    expect((await get('/meetings/overdue-actions?today=yesterday')).statusCode).toBe(400);
    const noDate = await get('/meetings/overdue-actions');
    expect(noDate.statusCode).toBe(200);
    expect(noDate.json().today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('the minutes', () => {
  it('refuses an action without owner or due date, and an owner or due date on information, each on its field', async () => {
    const meeting = await newMeeting('Rules Test');
    const response = await post('/entities/meeting_items/batch', {
      creates: [
        {
          clientKey: 'a',
          values: { meeting_id: meeting.id, item_no: 1, kind: 'action', description: 'Nobody owns this' },
        },
        {
          clientKey: 'b',
          values: {
            meeting_id: meeting.id,
            item_no: 2,
            kind: 'information',
            description: 'FYI',
            owner: 'Ana',
            due_date: '2026-03-05',
          },
        },
      ],
    });
    expect(response.statusCode).toBe(422);
    const [action, information] = response.json().details.rowErrors;
    expect(action.fields).toEqual({ owner: 'An action needs an owner', due_date: 'An action needs a due date' });
    expect(information.fields).toEqual({
      owner: 'Only an action has an owner; information and decisions have none',
      due_date: 'Only an action has a due date; information and decisions have none',
    });
  });

  it('keeps a status for actions only: information loses the default, an action made from a decision starts open', async () => {
    const meeting = await newMeeting('Status Test');
    const [info, decision] = await create('meeting_items', [
      { meeting_id: meeting.id, item_no: 1, kind: 'information', description: 'FYI' },
      { meeting_id: meeting.id, item_no: 2, kind: 'decision', description: 'Decided' },
    ]);
    expect([info?.status, decision?.status]).toEqual([null, null]);
    const changed = await post('/entities/meeting_items/batch', {
      updates: [
        {
          id: decision!.id,
          version: decision!.version,
          changes: { kind: 'action', owner: 'Ben', due_date: '2026-04-01' },
        },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().updated[0]).toMatchObject({ kind: 'action', status: 'open' });
    const key = await post('/entities/meeting_items/batch', {
      creates: [
        {
          clientKey: 'dup',
          values: { meeting_id: meeting.id, item_no: 1, kind: 'information', description: 'Same number' },
        },
      ],
    });
    expect(key.statusCode).toBe(422);
  });

  it('lets a viewer read meetings and minutes but not write them (403)', async () => {
    const meeting = await newMeeting('Viewer Test');
    expect((await get(`/entities/meetings/${meeting.id}`)).statusCode).toBe(200);
    const refused = await post(
      '/entities/meetings/batch',
      { updates: [{ id: meeting.id, version: meeting.version, changes: { title: 'Mine now' } }] },
      suite.viewer,
    );
    expect(refused.statusCode).toBe(403);
    const item = await post(
      '/entities/meeting_items/batch',
      {
        creates: [
          {
            clientKey: 'v',
            values: { meeting_id: meeting.id, item_no: 1, kind: 'information', description: 'From a viewer' },
          },
        ],
      },
      suite.viewer,
    );
    expect(item.statusCode).toBe(403);
  });
});
