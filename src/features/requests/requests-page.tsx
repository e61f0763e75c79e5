import AddIcon from '@mui/icons-material/Add';
import BugReportOutlined from '@mui/icons-material/BugReportOutlined';
import Button from '@mui/material/Button';
import { useCallback, useRef, useState } from 'react';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { PageHeader } from '../../app/layout/page-header';
import { useRequestModal } from './request-modal-context';
import { EntityGrid } from '../../grids/entity-grid';
import { ExcelButtons } from '../../grids/excel/excel-buttons';
import type { ListQuery } from '../../lib/entity-api';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';

const schema = getEntitySchema('requests');

/**
 * Admin > RequestsBugsV2: every request in the EntityGrid (column filters on type, module, status and
 * priority, sort, Excel export of the current view). The grid itself is read-only: a row opens in the
 * request modal, which applies the owner and admin rules, and deletes after a confirmation there.
 */
export function RequestsBugsV2Page() {
  const { userId } = useCurrentUser();
  const requestModal = useRequestModal();
  const query = useRef<ListQuery>({});
  const [reloadToken, setReloadToken] = useState(0);

  const open = useCallback(
    (row: EntityRow | null) =>
      requestModal
        .open(row)
        .then(() => setReloadToken((n) => n + 1))
        // Dismissed: nothing changed.
        .catch(() => undefined),
    [requestModal],
  );

  return (
    <>
      <PageHeader
        title="RequestsBugsV2"
        icon={<BugReportOutlined />}
        subtitle="Bug reports, feature requests and other requests to the development team. Open a row to edit it, see the team's response or delete it."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => void open(null)}>
            New request
          </Button>
        }
      />
      <EntityGrid
        schema={schema}
        reloadToken={reloadToken}
        canEdit={false}
        userId={userId}
        height="calc(100vh - 250px)"
        onQueryChange={(next) => {
          query.current = next;
        }}
        onOpenRow={(row) => void open(row)}
        toolbarExtras={
          <ExcelButtons schema={schema} getQuery={() => query.current} canImport={false} onImported={() => undefined} />
        }
      />
    </>
  );
}
