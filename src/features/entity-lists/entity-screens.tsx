import { getEntitySchema } from '../../schemas/registry';
import { EntityListPage } from '../../grids/entity-list-page';

/** The engine-backed list screens, one per sidebar entry (spec §2). */
export function ClientsPage() {
  return <EntityListPage schema={getEntitySchema('clients')} />;
}

export function SuppliersPage() {
  return <EntityListPage schema={getEntitySchema('suppliers')} />;
}

export function LithiumProjectsPage() {
  return <EntityListPage schema={getEntitySchema('lithium_projects')} />;
}

/** 'Parts & ME Lists': the parts catalogue; each project's mechanical equipment (ME) list is a tab of its document. */
export function PartsPage() {
  return <EntityListPage schema={getEntitySchema('parts')} subtitle="The parts catalogue by item category. Each project's mechanical equipment (ME) list is a tab of the project's document." />;
}
