import AddIcon from '@mui/icons-material/Add';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { packagePath, paths } from '../../app/paths';
import { EntityListPage } from '../../grids/entity-list-page';
import { getEntitySchema } from '../../schemas/registry';

const packages = getEntitySchema('packages');

/** Packages (spec packagelist): the engine's grid of package headers; a row opens its document. */
export function PackagesListPage() {
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  return (
    <EntityListPage
      schema={packages}
      icon={<Inventory2Outlined />}
      subtitle="What each project buys through one RFQ: scope, bidders, dates, budget and award. Open a package to work on its items and bidders and to see how completely each bidder has quoted."
      onOpenRow={(row) => navigate(packagePath(row.id))}
      actions={
        can(packages.writeRole) ? (
          <Button component={RouterLink} to={paths.newPackage} variant="contained" startIcon={<AddIcon />}>
            New package
          </Button>
        ) : undefined
      }
    />
  );
}
