/**
 * The fields every list of a project shares (project-lists.ts, electrical-loads.ts): its project, its area, the
 * spec's soft delete, and what a plant tag may be.
 */

export const TAG = {
  regex: '^[A-Z0-9][A-Z0-9./_-]*$',
  message: 'Capital letters, digits and - . / _, e.g. 200-PP-001A',
};

/** The document a row belongs to: stamped by the project's tabs and imports, never typed. */
export const projectField = {
  name: 'project_id',
  label: 'Project',
  kind: 'lookup',
  entity: 'projects',
  partOf: true,
  required: true,
  grid: { width: 200, hidden: true },
  form: { section: 'Project', order: 99 },
} as const;
export const areaField = (required: boolean) =>
  ({
    name: 'projarea_id',
    label: 'Area',
    kind: 'lookup',
    entity: 'areas',
    partOf: true,
    required,
    grid: { width: 90 },
    form: { order: 2 },
  }) as const;
/** The spec's soft delete (schema-types SOFT_DELETE_FIELD), last in every list of the project. */
export const deletedField = (what: string) =>
  ({
    name: 'deleteflag',
    label: 'Deleted',
    kind: 'boolean',
    default: false,
    help: `Deleted ${what} are hidden from the lists, roll-ups and change summaries, and can be restored.`,
    grid: { width: 90 },
    form: { order: 100 },
  }) as const;
