import AddIcon from '@mui/icons-material/Add';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { adjudicationPath, paths } from '../../app/paths';
import { EntityListPage } from '../../grids/entity-list-page';
import { getEntitySchema } from '../../schemas/registry';

const adjudications = getEntitySchema('adjudications');

/** Adjudications (spec adjudicationlist): the engine's grid of adjudication headers; a row opens its bid tab. */
export function AdjudicationsListPage() {
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  return (
    <EntityListPage
      schema={adjudications}
      icon={<GavelOutlined />}
      subtitle="One bid tab per package: every bid at the adjudication's frozen rates, adders, scores, the recommendation and the award. Open one to see its bid tab."
      onOpenRow={(row) => navigate(adjudicationPath(row.id))}
      actions={
        can(adjudications.writeRole) ? (
          <Button component={RouterLink} to={paths.newAdjudication} variant="contained" startIcon={<AddIcon />}>
            New adjudication
          </Button>
        ) : undefined
      }
    />
  );
}
