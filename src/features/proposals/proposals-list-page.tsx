import AddIcon from '@mui/icons-material/Add';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { paths, proposalPath } from '../../app/paths';
import { EntityListPage } from '../../grids/entity-list-page';
import type { ProposalPipeline } from '../../lib/proposals';
import { getEntitySchema } from '../../schemas/registry';
import { PipelineStrip } from './pipeline-strip';
import { apiRoutes } from '../../lib/api-routes';

const proposals = getEntitySchema('proposals');

/** Proposals (spec proposallist): the pipeline strip, then the engine's grid of proposal headers; opening a row opens its document. */
export function ProposalsListPage() {
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  const pipeline = useApi<ProposalPipeline>(apiRoutes.proposalPipeline(), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return (
    <EntityListPage
      schema={proposals}
      icon={<DescriptionOutlined />}
      subtitle="The firm's offers to clients. Open a proposal (double-click its status cell, or select it and press Open) to work on its fee lines."
      banner={<PipelineStrip data={pipeline.data} error={pipeline.error} />}
      // Saves and imports in the grid change the pipeline: read it again.
      onDataChanged={() => void pipeline.mutate()}
      onOpenRow={(row) => navigate(proposalPath(row.id))}
      height="calc(100vh - 340px)"
      actions={
        can(proposals.writeRole) ? (
          <Button component={RouterLink} to={paths.newProposal} variant="contained" startIcon={<AddIcon />}>
            New proposal
          </Button>
        ) : undefined
      }
    />
  );
}
