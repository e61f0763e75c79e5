import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const DutySheetDocumentPage = lazy(() =>
  import('./duty-sheet-document-page').then((m) => ({ default: m.DutySheetDocumentPage })),
);

/** Duty sheets (field guide §13): a sheet's document; the project's Duty sheets tab lists them. */
export const dutySheetsModule: ShellModule = {
  id: 'duty-sheets',
  pages: [{ path: 'general/dutysheet/:id', element: <DutySheetDocumentPage /> }],
};
