import PrecisionManufacturingOutlined from '@mui/icons-material/PrecisionManufacturingOutlined';
import { useParams } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { documentIdFromParam, dutySheetPath, paths, projectDocumentPath } from '../../app/paths';
import { DocumentPage } from '../../grids/document-page';
import { apiRoutes } from '../../lib/api-routes';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';
import { DutySheetSummaryPanel } from './duty-sheet-summary-panel';

const dutySheets = getEntitySchema('duty_sheets');

/**
 * A duty sheet (/home/general/dutysheet/:id, 0 for a new one): the sheet in a form (fluid, operating
 * cases, design conditions, drive) and its duty figures: slurry SG and absorbed power per case against
 * the motor, the power check in amber. Back goes to its project's Duty sheets tab.
 */
export function DutySheetDocumentPage() {
  const id = documentIdFromParam(useParams().id);
  // The same request DocumentPage makes (shared by the cache): the sheet's project names the way back.
  const { data: row } = useApi<EntityRow>(id ? apiRoutes.entityRow(dutySheets.name, id) : null, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const projectId = typeof row?.project_id === 'number' ? row.project_id : undefined;
  return (
    <DocumentPage
      schema={dutySheets}
      id={id}
      documentPath={dutySheetPath}
      listPath={projectId ? projectDocumentPath(projectId, 'duty-sheets') : paths.projects}
      listLabel={projectId ? "the project's duty sheets" : 'Projects'}
      title={(sheet) => (sheet ? `Duty sheet ${String(sheet.sheet_number)}` : 'New duty sheet')}
      icon={<PrecisionManufacturingOutlined />}
      summary={(sheet) => <DutySheetSummaryPanel row={sheet} />}
    />
  );
}
