/**
 * The request tracker's rules (spec §3, §4, §5, §8, §9), pure so that the modal, the list screen and the
 * server apply the same ones.
 */

/** Spec §9: priority 1 to 10, default 5; a new request starts with status 1 (Open). */
export const PRIORITY_MIN = 1;
export const PRIORITY_MAX = 10;
export const DEFAULT_PRIORITY = 5;
export const DEFAULT_STATUS_ID = 1;

/** Spec §3: the priority labels, by level. */
export const PRIORITY_LABELS: Readonly<Record<number, string>> = {
  1: 'Lowest',
  2: 'Low',
  3: 'Low-Medium',
  4: 'Medium',
  5: 'Medium',
  6: 'Medium-High',
  7: 'High',
  8: 'High',
  9: 'Critical',
  10: 'Emergency',
};

/** '5 - Medium': the level stays visible because two levels share most labels. */
export function priorityLabel(level: number): string {
  const label = PRIORITY_LABELS[level];
  return label ? `${level} - ${label}` : String(level);
}

export const PRIORITY_CHOICES: readonly { value: number; label: string }[] = Array.from(
  { length: PRIORITY_MAX - PRIORITY_MIN + 1 },
  (_, i) => ({
    value: PRIORITY_MIN + i,
    label: priorityLabel(PRIORITY_MIN + i),
  }),
);

/** Spec §3 module ids. */
export const MODULE_IDS = {
  dashboard: 1,
  projects: 2,
  quotes: 3,
  packages: 4,
  meetings: 5,
  proposals: 6,
  clients: 7,
  parts: 8,
  pids: 9,
  reports: 10,
  users: 11,
  general: 12,
} as const;

/**
 * Spec §4: the module preselected from the page path. Checked in the spec's order, so the first word found
 * wins: /home/general/projectdetail/1/1 is Projects, /home/general/lithiumprojectlist too, /general/profile
 * is User Management; anything else (suppliers, housekeeping, this tracker) is General System.
 */
const MODULE_BY_PATH_WORD: readonly (readonly [RegExp, number])[] = [
  [/dashboard/, MODULE_IDS.dashboard],
  [/project/, MODULE_IDS.projects],
  [/quote/, MODULE_IDS.quotes],
  [/package/, MODULE_IDS.packages],
  [/meeting/, MODULE_IDS.meetings],
  [/proposal/, MODULE_IDS.proposals],
  [/client/, MODULE_IDS.clients],
  [/part/, MODULE_IDS.parts],
  [/pid/, MODULE_IDS.pids],
  [/report/, MODULE_IDS.reports],
  [/user|profile/, MODULE_IDS.users],
];

export function moduleIdForPath(pathname: string): number {
  const path = pathname.toLowerCase();
  return MODULE_BY_PATH_WORD.find(([word]) => word.test(path))?.[1] ?? MODULE_IDS.general;
}

export const UNKNOWN_USER = 'Unknown User';

/** Spec §4 and §8: the nickname, else the name, else 'Unknown User' (also when the user lookup failed). */
export function requestUsername(user: { nickname?: string | null; name?: string | null } | null | undefined): string {
  const nickname = user?.nickname?.trim();
  if (nickname) return nickname;
  const name = user?.name?.trim();
  if (name) return name;
  return UNKNOWN_USER;
}

/** Spec §5: valid only with a type, a module and a description with non-whitespace content. */
export function isRequestValid(request: { type_id?: unknown; module_id?: unknown; description?: unknown }): boolean {
  const present = (id: unknown) => typeof id === 'number' && Number.isInteger(id) && id > 0;
  return (
    present(request.type_id) &&
    present(request.module_id) &&
    typeof request.description === 'string' &&
    request.description.trim() !== ''
  );
}

/** Spec §4: the Response field shows only when editing an existing request that already has a description. */
export function showsResponseField(existing: { id?: unknown; description?: unknown } | null | undefined): boolean {
  return Boolean(
    existing &&
    typeof existing.id === 'number' &&
    typeof existing.description === 'string' &&
    existing.description.trim() !== '',
  );
}

/** A new request's starting values (spec §4); the module comes from the page it was opened on. */
export function newRequestValues(pathname: string): {
  type_id: null;
  module_id: number;
  status_id: number;
  priority: number;
  description: null;
  steps_to_reproduce: null;
  response: null;
} {
  return {
    type_id: null,
    module_id: moduleIdForPath(pathname),
    status_id: DEFAULT_STATUS_ID,
    priority: DEFAULT_PRIORITY,
    description: null,
    steps_to_reproduce: null,
    response: null,
  };
}

/** Spec §3: responses carry the names of their lookups. */
export type EnrichedRequest = Record<string, unknown> & {
  id: number;
  statusname: string | null;
  modulename: string | null;
  typename: string | null;
};

/** Spec §8: the exact texts of the toasts and internal rejections. */
export const REQUEST_MESSAGES = {
  successTitle: 'Success',
  success: 'Request submitted successfully!',
  errorTitle: 'Error',
  error: 'Failed to submit request. Please try again.',
  dismissed: 'Modal dismissed',
  emptyResponse: 'Failed to save bug',
  notAuthenticated: 'User not authenticated',
} as const;
