import { defineEntity, type EnumOption } from '../schema-types';

/**
 * Meetings (field guide §12; spec sidebar 'Meetings', meetinglist): a meeting is a document, its header
 * (`meetings`) and its minutes (`meeting_items`, one row per information, decision or action).
 *
 * A meeting's natural key is its series and date: a series (e.g. "Cerro Azul weekly progress") meets at
 * most once a day, and "the next meeting of the same series" is the next date of the same series, which
 * is what carrying open actions forward needs (POST /api/meetings/:id/next).
 */

export const MEETING_ITEM_KINDS: readonly EnumOption[] = [
  { value: 'information', label: 'Information' },
  { value: 'decision', label: 'Decision' },
  { value: 'action', label: 'Action' },
];

/**
 * An action's status. 'carried' is set by Next meeting on the original of an open action it copies: the
 * action lives on in the next meeting, so it is counted (open, overdue) once, there, and this meeting's
 * minutes still say what became of it.
 */
export const ACTION_STATUSES: readonly EnumOption[] = [
  { value: 'open', label: 'Open' },
  { value: 'done', label: 'Done' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'carried', label: 'Carried forward' },
];

const isAction = (row: Readonly<Record<string, unknown>>) => row.kind === 'action';
const empty = (value: unknown) => value === null || value === undefined || value === '';

export const meetings = defineEntity({
  name: 'meetings',
  label: 'Meeting',
  labelPlural: 'Meetings',
  labelField: 'title',
  key: ['series', 'meeting_date'],
  writeRole: 'engineer',
  description:
    'Meetings with their attendees, agenda and minutes: information, decisions and actions with an owner, a due date and a status.',
  defaultSort: { field: 'meeting_date', direction: 'desc' },
  // Attendees and agenda side by side (not full width): the header stays short above the minutes.
  fields: [
    {
      name: 'title',
      label: 'Title',
      kind: 'text',
      required: true,
      maxLength: 200,
      placeholder: 'Weekly progress meeting',
      grid: { width: 260, pinned: 'left' },
      form: { section: 'Meeting', order: 1, fullWidth: true },
    },
    {
      name: 'series',
      label: 'Series',
      kind: 'text',
      required: true,
      maxLength: 120,
      placeholder: 'Cerro Azul weekly progress',
      help: 'Meetings of one series follow each other: open actions carry forward to the next meeting of the same series.',
      grid: { width: 220 },
      form: { section: 'Meeting', order: 2 },
    },
    {
      name: 'meeting_date',
      label: 'Date',
      kind: 'date',
      required: true,
      grid: { width: 120 },
      form: { section: 'Meeting', order: 3 },
    },
    {
      name: 'project_id',
      label: 'Project',
      kind: 'lookup',
      entity: 'projects',
      grid: { width: 200 },
      form: { section: 'Meeting', order: 4 },
    },
    {
      name: 'location',
      label: 'Location / link',
      kind: 'text',
      maxLength: 500,
      placeholder: 'Site office, room 2 — or https://…',
      grid: { width: 220 },
      form: { section: 'Meeting', order: 5, fullWidth: true },
    },
    {
      name: 'attendees',
      label: 'Attendees',
      kind: 'longText',
      placeholder: 'One per line: name (company)',
      help: 'People and the companies they represent.',
      grid: { width: 260, hidden: true },
      form: { section: 'People and agenda', order: 1 },
    },
    {
      name: 'agenda',
      label: 'Agenda',
      kind: 'longText',
      placeholder: '1. Safety\n2. Progress\n3. Open actions',
      grid: { width: 260, hidden: true },
      form: { section: 'People and agenda', order: 2 },
    },
    {
      name: 'is_testdata',
      label: 'Test data',
      kind: 'boolean',
      default: false,
      grid: { width: 100, hidden: true },
      form: { section: 'Settings', order: 1 },
    },
  ],
});

export const meetingItems = defineEntity({
  name: 'meeting_items',
  label: 'Minute item',
  labelPlural: 'Minutes',
  labelField: 'description',
  key: ['meeting_id', 'item_no'],
  scope: { root: 'meeting_id' },
  writeRole: 'engineer',
  description:
    'The minutes of a meeting: information, decisions and actions. An action has an owner, a due date and a status.',
  defaultSort: { field: 'item_no', direction: 'asc' },
  rules: [
    {
      fields: ['owner', 'kind'],
      message: 'An action needs an owner',
      holds: (row) => !isAction(row) || !empty(row.owner),
    },
    {
      fields: ['due_date', 'kind'],
      message: 'An action needs a due date',
      holds: (row) => !isAction(row) || !empty(row.due_date),
    },
    {
      fields: ['owner', 'kind'],
      message: 'Only an action has an owner; information and decisions have none',
      holds: (row) => isAction(row) || empty(row.owner),
    },
    {
      fields: ['due_date', 'kind'],
      message: 'Only an action has a due date; information and decisions have none',
      holds: (row) => isAction(row) || empty(row.due_date),
    },
  ],
  fields: [
    // The document a row belongs to: stamped by the meeting's tab, never typed.
    {
      name: 'meeting_id',
      label: 'Meeting',
      kind: 'lookup',
      entity: 'meetings',
      partOf: true,
      required: true,
      grid: { width: 200, hidden: true },
      form: { section: 'Meeting', order: 99 },
    },
    {
      name: 'item_no',
      label: 'No.',
      kind: 'integer',
      required: true,
      numbered: true,
      min: 1,
      max: 9999,
      help: "Numbered for you when left empty: one past the meeting's last item.",
      grid: { width: 80, pinned: 'left' },
      form: { section: 'Item', order: 1 },
    },
    {
      name: 'kind',
      label: 'Type',
      kind: 'enum',
      options: MEETING_ITEM_KINDS,
      required: true,
      default: 'information',
      grid: { width: 130 },
      form: { section: 'Item', order: 2 },
    },
    {
      name: 'description',
      label: 'Minute',
      kind: 'longText',
      required: true,
      maxLength: 4000,
      grid: { width: 420 },
      form: { section: 'Item', order: 3, fullWidth: true },
    },
    {
      name: 'owner',
      label: 'Owner',
      kind: 'text',
      maxLength: 120,
      placeholder: 'Name (company)',
      help: 'Who does it (actions only).',
      grid: { width: 170 },
      form: { section: 'Action', order: 1 },
    },
    {
      name: 'due_date',
      label: 'Due',
      kind: 'date',
      help: 'When it is due (actions only).',
      grid: { width: 120 },
      form: { section: 'Action', order: 2 },
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      options: ACTION_STATUSES,
      default: 'open',
      help: 'Actions only: information and decisions keep none (the server clears it).',
      grid: { width: 150 },
      form: { section: 'Action', order: 3 },
    },
    {
      // A plain reference, not a lookup: lookups stay inside their document (registry-check refuses a
      // lookup to another meeting's items), and the item it came from is named by its natural key.
      name: 'carried_from',
      label: 'Carried from',
      kind: 'text',
      maxLength: 40,
      help: 'Set by Next meeting: the date of the earlier meeting of this series and its item number, e.g. 2025-10-07 #4.',
      grid: { width: 150 },
      form: { section: 'Action', order: 4 },
    },
  ],
});
