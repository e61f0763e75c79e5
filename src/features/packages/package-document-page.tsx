import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { useParams } from 'react-router-dom';
import { documentIdFromParam, packagePath, paths } from '../../app/paths';
import { DocumentPage } from '../../grids/document-page';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';
import { PackageBidTabLink } from './package-bid-tab-link';
import { PackageQuotes } from './package-quotes';
import { PackageSummary } from './package-summary';

const packages = getEntitySchema('packages');
const lists = [
  { schema: getEntitySchema('package_items'), label: 'Items', height: 'max(300px, calc(100vh - 700px))' },
  { schema: getEntitySchema('package_bidders'), label: 'Bidders', height: 'max(300px, calc(100vh - 700px))' },
  { schema: getEntitySchema('clarifications'), label: 'Clarifications', height: 'max(300px, calc(100vh - 700px))' },
] as const;

function title(row: EntityRow | null): string {
  return row ? `Package ${String(row.package_number ?? `#${row.id}`)} — ${String(row.title ?? '')}` : 'New package';
}

/**
 * /home/general/package/:id — a package as a document (field guide §10): the header form (number, title,
 * project, discipline, status, dates, budget, award), its scope (Items), bidders and clarifications as tabs, beside the
 * header its status with the moves allowed next, budget, award and bid completeness per bidder, and under
 * the lists every quote against it. Id 0 is a new package.
 */
export function PackageDocumentPage() {
  const { id } = useParams();
  return (
    <DocumentPage
      schema={packages}
      id={documentIdFromParam(id)}
      documentPath={packagePath}
      listPath={paths.packages}
      listLabel="Packages"
      title={title}
      icon={<Inventory2Outlined />}
      lists={lists}
      summary={(row, version) => <PackageSummary packageId={row.id} version={version} />}
      footer={(row, version) => <PackageQuotes packageId={row.id} version={version} />}
      actions={(row) => <PackageBidTabLink packageId={row.id} />}
    />
  );
}
