import { useMemo } from 'react';
import { projectDocumentPath } from '../../app/paths';
import { RecordForm } from '../../forms/record-form';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';

export const projectsSchema = getEntitySchema('projects');

/** The header's fields (field guide §1), in the schema's sections; the derived client name is not shown. */
export const HEADER_FIELDS = [
  'project_number',
  'name',
  'client_id',
  'description',
  'endusername',
  'endusersite',
  'enduserlocation',
  'phase',
  'estimate_class',
  'base_currency_id',
  'rate_date',
  'estimate_date',
  'plant_type',
  'equipment_tag_template',
  'instrument_tag_template',
  'line_number_template',
  'cable_tag_template',
  'import_mode',
  'is_testdata',
  'isdirty',
] as const;

type Props = {
  /** The project as saved, or null for a new one. */
  project: EntityRow | null;
  canEdit: boolean;
  /** After a save: the saved row (new version; a new project's id). */
  onSaved: (row: EntityRow) => void;
  /** The row as stored now, after a conflict (someone else saved it). */
  onReloaded?: (row: EntityRow) => void;
};

/**
 * The project document's header: the projects schema's form (RecordForm). It stays mounted across the
 * document's tabs (one segment after the project): a move out of the document, or onto one of its
 * drawing pages (a page of its own), loses its edits and asks first.
 */
export function ProjectHeaderForm({ project, canEdit, onSaved, onReloaded }: Props) {
  const projectId = project?.id;
  const withinDocument = useMemo(() => {
    if (!projectId) return undefined;
    const prefix = projectDocumentPath(projectId, '');
    return (path: string) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/');
  }, [projectId]);
  return (
    <RecordForm
      schema={projectsSchema}
      row={project}
      fields={HEADER_FIELDS}
      canEdit={canEdit}
      onSaved={onSaved}
      onReloaded={onReloaded}
      saveLabel="Save header"
      createLabel="Create project"
      within={withinDocument}
      label="Project header"
    />
  );
}
