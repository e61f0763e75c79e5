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
