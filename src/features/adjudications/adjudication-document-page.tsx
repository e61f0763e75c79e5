import GavelOutlined from '@mui/icons-material/GavelOutlined';
import { useParams } from 'react-router-dom';
import { adjudicationPath, documentIdFromParam, paths } from '../../app/paths';
import { DocumentPage } from '../../grids/document-page';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';
import { BidTabPanel } from './bid-tab-panel';

const adjudications = getEntitySchema('adjudications');
const height = 'max(260px, calc(100vh - 760px))';
const lists = [
  { schema: getEntitySchema('adjudication_bidders'), label: 'Bidders and scores', height },
  { schema: getEntitySchema('adjudication_adders'), label: 'Adders', height },
  { schema: getEntitySchema('adjudication_choices'), label: 'Chosen options and alternatives', height },
  { schema: getEntitySchema('adjudication_rates'), label: 'Rates', height },
] as const;

function title(row: EntityRow | null): string {
  return row
    ? `Adjudication ${String(row.adjudication_number ?? `#${row.id}`)} — ${String(row.title ?? '')}`
    : 'New adjudication';
}

/**
 * /home/general/adjudication/:id — a package's bid tab (field guide §10): the header (package, rate date,
 * weights, award), the bidders with their scores, the adders, the options and alternatives chosen into the
 * evaluation (each with its reason) and the frozen rates as tabs, and under them the
 * bid tab itself (BidTabPanel: the grid, the recommendation, the award, the export and the chart).
 */
export function AdjudicationDocumentPage() {
  const { id } = useParams();
  return (
    <DocumentPage
      schema={adjudications}
      id={documentIdFromParam(id)}
      documentPath={adjudicationPath}
      listPath={paths.adjudications}
      listLabel="Adjudications"
      title={title}
      icon={<GavelOutlined />}
      lists={lists}
      footer={(row, version) => <BidTabPanel adjudicationId={row.id} version={version} />}
    />
  );
}
