import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../app/auth/use-current-user';
import { PageHeader } from '../app/layout/page-header';
import { EntityFormDialog } from '../forms/entity-form-dialog';
import type { SinceMarks } from './since-marks';
import { EntityGrid, type OpenedRow, type RowAction } from './entity-grid';
import { ExcelButtons } from './excel/excel-buttons';
import { scopedSchema, type GridScope } from './scoped-schema';
import { formFieldNames } from '../forms/form-model';
import type { ColumnFilter, ListQuery } from '../lib/entity-api';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { readOnlyNotice } from './read-only-notice';

type Props = {
  schema: EntitySchema;
  icon?: ReactNode;
  subtitle?: ReactNode;
  height?: number | string;
  /**
   * Inside a page that has its own title: the list gets a section heading instead of the page's h1, or
   * none ('bare') where the page's header or tab already names the list and says what it holds (a second
   * heading repeated its subtitle).
   */
  embedded?: boolean | 'bare';
  /** Filters the page imposes on the grid (and so on its export). */
  scopeFilters?: readonly ColumnFilter[];
  /**
   * One document's rows of a scoped list (a project's areas): the grid, its new rows, its lookups, its
   * export and its import are that document's only (EntityGrid's `scope`).
   */
  scope?: GridScope;
  /**
   * What opening a row does (double-click on its status cell, or Open): by default its detail dialog;
   * given, this instead (e.g. go to the row's own page).
   */
  onOpenRow?: (row: EntityRow) => void;
  /** After rows were saved or imported (e.g. to reload figures derived from them). */
  onDataChanged?: () => void;
  /** Buttons on the right of the page title (not embedded). */
  actions?: ReactNode;
  /** Between the title and the grid: figures about the list (a pipeline strip). */
  banner?: ReactNode;
  /** A second way to open a row, beside Open (e.g. "Open drawing page"). */
  rowAction?: RowAction;
  /** What changed since a baseline (a project's last revision), marked in the grid. */
  sinceMarks?: SinceMarks;
  /** A document lock holding these rows ("Locked by the award of ADJ-200-01"): the list is read-only and says so (the server refuses changes too). */
  lockedBy?: string | null;
};

/** The address's `?open=<row id>`: that row is opened once loaded (links from other pages to a row). */
const OPEN_PARAM = 'open';

/**
 * Any engine-backed list: the schema's grid (edit, paste, undo, save), Excel export of the current view and
 * import, and the row's detail dialog. Editing needs the schema's write role; everyone else reads. A row
 * named by `?open=<id>` in the address is scrolled to and opened once loaded; the parameter is then dropped.
 */
export function EntityListPage({
  schema,
  icon,
  subtitle,
  height,
  embedded = false,
  scopeFilters,
  scope,
  onOpenRow,
  onDataChanged,
  actions,
  banner,
  rowAction,
  sinceMarks,
  lockedBy,
}: Props) {
  const { userId, can, error, me } = useCurrentUser();
  const canEdit = can(schema.writeRole) && !lockedBy;
  const query = useRef<ListQuery>({});
  const [reloadToken, setReloadToken] = useState(0);
  const [opened, setOpened] = useState<OpenedRow | null>(null);
  const [search, setSearch] = useSearchParams();
  const openKey = search.get(OPEN_PARAM);
  const openHandled = useCallback(() => {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setSearch]);
  const reload = useCallback(() => {
    setReloadToken((n) => n + 1);
    onDataChanged?.();
  }, [onDataChanged]);
  const scopeField = scope?.field;
  const scopeValue = scope?.value;
  const rowScope = useMemo(
    () => (scopeField !== undefined && scopeValue !== undefined ? { field: scopeField, value: scopeValue } : undefined),
    [scopeField, scopeValue],
  );
  // The row dialog of a scoped list: the document's field is not shown (it is the page's document).
  const dialogSchema = useMemo(() => (rowScope ? scopedSchema(schema, rowScope) : schema), [schema, rowScope]);
  const dialogFields = useMemo(
    () => (rowScope ? formFieldNames(schema).filter((name) => name !== rowScope.field) : undefined),
    [schema, rowScope],
  );

  return (
    <>
      {embedded === 'bare' ? null : embedded ? (
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
          {schema.labelPlural}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {subtitle ?? schema.description}
          </Typography>
        </Typography>
      ) : (
        <PageHeader
          title={schema.labelPlural}
          icon={icon}
          subtitle={subtitle ?? schema.description}
          actions={actions}
        />
      )}
      {banner}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Could not read your roles: {error.message}. The list is read-only.
        </Alert>
      )}
      <EntityGrid
        key={rowScope ? `${schema.name}:${rowScope.value}` : schema.name}
        reloadToken={reloadToken}
        schema={schema}
        canEdit={canEdit}
        readOnlyNotice={lockedBy ?? readOnlyNotice(schema, me?.roles, !!error)}
        userId={userId}
        height={height ?? 'calc(100vh - 250px)'}
        onQueryChange={(next) => {
          query.current = next;
        }}
        onOpenRow={onOpenRow ? (row) => onOpenRow(row) : (_row, row) => setOpened(row)}
        scopeFilters={scopeFilters}
        scope={rowScope}
        onSaved={onDataChanged}
        rowAction={rowAction}
        sinceMarks={sinceMarks}
        openKey={openKey && /^\d+$/.test(openKey) ? openKey : null}
        onOpenKeyHandled={openHandled}
        toolbarExtras={
          <ExcelButtons
            schema={schema}
            scope={rowScope}
            getQuery={() => query.current}
            canImport={canEdit}
            onImported={reload}
          />
        }
      />
      {opened && (
        // The dialog shows the row as the grid does (its pending edits included) and hands its save back to
        // the grid, which then holds the saved row; no reload of the list.
        <EntityFormDialog
          schema={dialogSchema}
          fields={dialogFields}
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
