import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { useParams } from 'react-router-dom';
import { documentIdFromParam, paths, proposalPath } from '../../app/paths';
import { DocumentPage } from '../../grids/document-page';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';
import { FeeSummary } from './fee-summary';

const proposals = getEntitySchema('proposals');
const lists = [{ schema: getEntitySchema('proposal_lines'), height: 'max(320px, calc(100vh - 640px))' }] as const;
const listPath = paths.home + '/general/proposallist';

function title(row: EntityRow | null): string {
  return row ? `Proposal ${String(row.proposal_number ?? `#${row.id}`)} — ${String(row.title ?? '')}` : 'New Proposal';
}

/**
 * /home/general/theproposal/:id — a proposal as a document (field guide §11): the header form (client,
 * scope, fee basis, currency, expenses, status, win probability), its fee lines (hours x rate by
 * discipline) as a tab, and the fee the server computes beside the header. Id 0 is a new proposal.
 */
export function ProposalDocumentPage() {
  const { id } = useParams();
  return (
    <DocumentPage
      schema={proposals}
      id={documentIdFromParam(id)}
      documentPath={proposalPath}
      listPath={listPath}
      listLabel="Proposals"
      title={title}
      icon={<DescriptionOutlined />}
      lists={lists}
      summary={(row, version) => <FeeSummary proposalId={row.id} version={version} />}
    />
  );
}
