import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { partPath, paths } from '../../app/paths';
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

/**
 * 'Parts & ME Lists': the parts catalogue; a part opens to its document (its quotes and their statistics);
 * each project's mechanical equipment (ME) list is a tab of its document.
 */
export function PartsPage() {
  const navigate = useNavigate();
  const parts = getEntitySchema('parts');
  const { can } = useCurrentUser();
  return (
    <EntityListPage
      schema={parts}
      subtitle="The parts catalogue by item category; open a part to see its quotes and their statistics. Each project's mechanical equipment (ME) list is a tab of the project's document."
      onOpenRow={(row) => navigate(partPath(row.id))}
      actions={
        can(parts.writeRole) && (
          <Button variant="contained" component={RouterLink} to={paths.newPart}>
            New part
          </Button>
        )
      }
    />
  );
}
