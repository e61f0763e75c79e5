import { getEntitySchema } from '../../schemas/registry';
import { EntityListPage } from './entity-list-page';

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

export function ProjectsPage() {
  return <EntityListPage schema={getEntitySchema('projects')} subtitle="Engineering projects. Areas, equipment and instrument lists per project arrive with the projects module." />;
}

/** 'Parts & ME Lists': the parts catalogue; mechanical-equipment lists per project arrive with the projects module. */
export function PartsPage() {
  return <EntityListPage schema={getEntitySchema('parts')} subtitle="The parts catalogue by item category. Per-project mechanical equipment (ME) lists arrive with the projects module." />;
}
