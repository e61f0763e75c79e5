import { DEFAULT_PRIORITY, DEFAULT_STATUS_ID, PRIORITY_CHOICES, PRIORITY_MAX, PRIORITY_MIN } from '../../lib/requests';
import { defineEntity } from '../schema-types';

/**
 * Spec §3 'Bug/request': what users send to the development team. Everyone signed in files requests and
 * edits their own through /api/bugsV2; the generic entity API's writes are for admins (writeRole), since
 * the owner rule and the admin-only status and response live in the requests module, not in the engine.
 * username and submitter_sub are set by the server from the caller's token, whatever the body says.
 */
export const requests = defineEntity({
  name: 'requests',
  label: 'Request',
  labelPlural: 'Requests',
  labelField: 'description',
  // No natural key: requests are only ever added, never matched by an import.
  key: [],
  writeRole: 'admin',
  description: 'Bug reports, feature requests and other requests sent to the development team.',
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    {
      name: 'type_id',
      label: 'Request Type',
      kind: 'lookup',
      entity: 'request_types',
      required: true,
      grid: { width: 170 },
      form: { order: 1 },
    },
    {
      name: 'module_id',
      label: 'Module',
      kind: 'lookup',
      entity: 'request_modules',
      required: true,
      grid: { width: 170 },
      form: { order: 2 },
    },
    {
      name: 'priority',
      label: 'Priority',
      kind: 'integer',
      required: true,
      min: PRIORITY_MIN,
      max: PRIORITY_MAX,
      default: DEFAULT_PRIORITY,
      choices: PRIORITY_CHOICES,
      grid: { width: 110 },
      form: { order: 3 },
    },
    {
      name: 'status_id',
      label: 'Status',
      kind: 'lookup',
      entity: 'request_statuses',
      required: true,
      default: DEFAULT_STATUS_ID,
      grid: { width: 140 },
      form: { order: 4 },
    },
    {
      name: 'description',
      label: 'Description',
      kind: 'longText',
      required: true,
      placeholder: 'Be specific about what you expected vs what actually happened.',
      grid: { width: 360 },
      form: { order: 5 },
    },
    {
      name: 'steps_to_reproduce',
      label: 'Steps to Reproduce',
      kind: 'longText',
      placeholder: 'Help us understand how to reproduce the issue.',
      grid: { width: 260 },
      form: { order: 6 },
    },
    {
      name: 'response',
      label: 'Response',
      kind: 'longText',
      help: 'Replies from the development team.',
      grid: { width: 260 },
      form: { order: 7 },
    },
    { name: 'username', label: 'Submitted by', kind: 'text', maxLength: 255, grid: { width: 150 } },
    { name: 'submitter_sub', label: 'Submitter id', kind: 'text', maxLength: 255, grid: { width: 180, hidden: true } },
  ],
});
