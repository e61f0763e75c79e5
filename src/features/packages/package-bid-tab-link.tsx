import GavelOutlined from '@mui/icons-material/GavelOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { adjudicationPath, paths } from '../../app/paths';
import { apiRoutes } from '../../lib/api-routes';

/** "Open bid tab": the package's adjudication (GET /api/adjudicationquotes), or a new one when it has none. */
export function PackageBidTabLink({ packageId }: { packageId: number }) {
  const { data } = useApi<{ id: number; package_id: number }[]>(apiRoutes.adjudicationQuotes(), {
    revalidateOnFocus: false,
  });
  const found = data?.find((row) => row.package_id === packageId);
  return (
    <Button
      component={RouterLink}
      to={found ? adjudicationPath(found.id) : paths.newAdjudication}
      size="small"
      variant="outlined"
      startIcon={<GavelOutlined />}
      disabled={!data}
    >
      {found ? 'Open bid tab' : 'New bid tab'}
    </Button>
  );
}
