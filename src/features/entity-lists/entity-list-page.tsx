import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { PageHeader } from '../../app/layout/page-header';
import { EntityFormDialog } from '../../forms/entity-form-dialog';
import { EntityGrid, type OpenedRow } from '../../grids/entity-grid';
import { ExcelButtons } from '../../grids/excel/excel-buttons';
import type { ColumnFilter, ListQuery } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';

type Props = {
  schema: EntitySchema;
  icon?: ReactNode;
  subtitle?: ReactNode;
  height?: number | string;
  /** Inside a page that has its own title: the list gets a section heading instead of the page's h1. */
  embedded?: boolean;
  /** Filters the page imposes on the grid (and so on its export). */
  scopeFilters?: readonly ColumnFilter[];
};

/**
 * Any engine-backed list: the schema's grid (edit, paste, undo, save), Excel export of the current view and
 * import, and the row's detail dialog. Editing needs the schema's write role; everyone else reads.
 */
export function EntityListPage({ schema, icon, subtitle, height, embedded = false, scopeFilters }: Props) {
  const { userId, can, error } = useCurrentUser();
  const canEdit = can(schema.writeRole);
  const query = useRef<ListQuery>({});
  const [reloadToken, setReloadToken] = useState(0);
  const [opened, setOpened] = useState<OpenedRow | null>(null);
  const reload = useCallback(() => setReloadToken((n) => n + 1), []);

  return (
    <>
      {embedded ? (
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
          {schema.labelPlural}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {subtitle ?? schema.description}
          </Typography>
        </Typography>
      ) : (
        <PageHeader title={schema.labelPlural} icon={icon} subtitle={subtitle ?? schema.description} />
      )}
      {error && <Alert severity="error" sx={{ mb: 2 }}>Could not read your roles: {error.message}. The list is read-only.</Alert>}
      <EntityGrid
        key={schema.name}
        reloadToken={reloadToken}
        schema={schema}
        canEdit={canEdit}
        userId={userId}
        height={height ?? 'calc(100vh - 250px)'}
        onQueryChange={(next) => {
          query.current = next;
        }}
        onOpenRow={(_row, row) => setOpened(row)}
        scopeFilters={scopeFilters}
        toolbarExtras={<ExcelButtons schema={schema} getQuery={() => query.current} canImport={canEdit} onImported={reload} />}
      />
      {opened && (
        // The dialog shows the row as the grid does (its pending edits included) and hands its save back to
        // the grid, which then holds the saved row; no reload of the list.
        <EntityFormDialog
          schema={schema}
          row={opened.saved}
          pending={opened.pending}
          pendingErrors={opened.pendingErrors}
          open
          readOnly={!canEdit}
          onClose={() => setOpened(null)}
          onSaved={(row, fields) => {
            opened.onSaved(row, fields);
            setOpened(null);
          }}
        />
      )}
    </>
  );
}
