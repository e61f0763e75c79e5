import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { useApi } from '../app/api/api-client';
import { useCurrentUser } from '../app/auth/use-current-user';
import { useCurrentProject } from '../app/current-project';
import { PageHeader } from '../app/layout/page-header';
import { LiveFeedContext, useAfterLiveChanges, useLiveChanges } from '../app/live-changes';
import { FilesSection } from '../forms/files-section';
import { RecordForm } from '../forms/record-form';
import type { DocumentLockState } from '../lib/entity-api';
import { apiRoutes } from '../lib/api-routes';
import { documentOf } from '../schemas/registry';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { EntityListPage } from './entity-list-page';
import { withProjectDefault } from './project-default';
import { useLinkedViewList } from './views/use-linked-view';

/** A list inside the document: a schema scoped to it (its `scope.root` is a lookup to the header's schema). */
export type DocumentList = { schema: EntitySchema; label?: string; height?: number | string };

export type DocumentPageProps = {
  /** The header's schema (quotes, proposals, meetings...). */
  schema: EntitySchema;
  /** The row's id from the address; 0 for a new document. */
  id: number | undefined;
  /** The document's address, for a new document once created. */
  documentPath: (id: number) => string;
  /** The list of such documents: the way back. */
  listPath: string;
  listLabel: string;
  /** The page title from the row as saved (null: a new one). */
  title: (row: EntityRow | null) => string;
  icon?: ReactNode;
  /** The header's fields (all of the schema's when left out). */
  headerFields?: readonly string[];
  /** The lists under the header, as tabs. */
  lists?: readonly DocumentList[];
  /** Beside the header: figures derived from the document (totals, statistics); read again after each save. */
  summary?: (row: EntityRow, version: number) => ReactNode;
  /** Under the title. */
  subtitle?: (row: EntityRow) => ReactNode;
  /** Under the lists: more of the document (a part's quotes); read again after each save. */
  footer?: (row: EntityRow, version: number) => ReactNode;
  /** Beside "Back to…" (a search, a chip saying the document is expired). */
  actions?: (row: EntityRow) => ReactNode;
};

/**
 * Any engine document (Engine v2): a header row of `schema` in a form and the lists scoped to it under
 * it, one tab each, each the engine's grid (edit, paste, Excel, the row's dialog) holding that
 * document's rows only, and its files when its schema takes them. /…/0 is a new document: the header only;
 * creating it opens it. Viewers read.
 */
export function DocumentPage(props: DocumentPageProps) {
  const { schema, id, listPath, listLabel, icon, title } = props;
  const [created, setCreated] = useState<number | null>(null);
  const { can } = useCurrentUser();
  const canEdit = can(schema.writeRole);
  // A new quote, package or meeting starts in the current project (the navbar's picker).
  const newSchema = withProjectDefault(schema, useCurrentProject().project?.id);
  if (id === undefined)
    return <NoSuchDocument {...props} text={`This address names no ${schema.label.toLowerCase()}.`} />;
  if (created !== null) return <Navigate to={props.documentPath(created)} replace />;
  if (id === 0) {
    return (
      <>
        <PageHeader title={title(null)} icon={icon} />
        {!canEdit && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Creating a {schema.label.toLowerCase()} needs the {schema.writeRole} role; you can read them only.
          </Alert>
        )}
        <Box
          sx={{ maxWidth: 1100, border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'background.paper' }}
        >
          <RecordForm
            schema={newSchema}
            row={null}
            fields={props.headerFields}
            canEdit={canEdit}
            onSaved={(row) => setCreated(row.id)}
            saveLabel="Save"
            createLabel={`Create ${schema.label.toLowerCase()}`}
            label={`${schema.label} header`}
          />
        </Box>
        <Button component={RouterLink} to={listPath} sx={{ mt: 2 }}>
          Back to {listLabel}
        </Button>
      </>
    );
  }
  return <SavedDocument key={id} {...props} id={id} canEdit={canEdit} />;
}

function NoSuchDocument({ schema, icon, listPath, listLabel, text }: DocumentPageProps & { text: string }) {
  return (
    <>
      <PageHeader title={schema.label} icon={icon} />
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to={listPath} color="inherit" size="small">
            {listLabel}
          </Button>
        }
      >
        {text}
      </Alert>
    </>
  );
}

function SavedDocument(props: DocumentPageProps & { id: number; canEdit: boolean }) {
  const {
    schema,
    id,
    canEdit,
    lists = [],
    summary,
    subtitle,
    headerFields,
    title,
    icon,
    listPath,
    listLabel,
    footer,
    actions,
  } = props;
  const {
    data: row,
    error,
    mutate,
  } = useApi<EntityRow>(apiRoutes.entityRow(schema.name, id), { revalidateOnFocus: false, shouldRetryOnError: false });
  // A document lock (an award) makes the header and every list read-only. Read again when the header's version
  // moves (the award and its withdrawal write an adjudication's header) and when the page comes back into view (a
  // quote is locked by an award given on another page); the server refuses a change to a locked row regardless.
  const { data: lock } = useApi<DocumentLockState>(row ? apiRoutes.entityLock(schema.name, id) : null, {
    cacheScope: `v${String(row?.version)}`,
    revalidateOnFocus: true,
  });
  const lockedBy = lock?.locked ? `Locked by ${String(lock.heldBy)}` : null;
  const [tab, setTab] = useState(0);
  // A link to a saved view (`?view=<id>`) opens the tab of the view's list; that list's grid applies it.
  const linked = useLinkedViewList(lists.length > 1);
  const linkedTabSet = useRef(false);
  useEffect(() => {
    if (linkedTabSet.current || !linked.list) return;
    linkedTabSet.current = true;
    const index = lists.findIndex((list) => list.schema.name === linked.list);
    if (index > 0) setTab(index);
  }, [linked.list, lists]);
  // Bumped after a save of the header or a list: the summary reads its figures again.
  const [version, setVersion] = useState(0);
  if (!row) {
    if (error)
      return (
        <NoSuchDocument
          {...props}
          text={
            error.status === 404
              ? `There is no ${schema.label.toLowerCase()} ${id}.`
              : `The ${schema.label.toLowerCase()} could not be loaded: ${error.message}`
          }
        />
      );
    return (
      <Box
        role="status"
        aria-label={`Loading the ${schema.label.toLowerCase()}`}
        sx={{ display: 'flex', justifyContent: 'center', p: 4 }}
      >
        <CircularProgress />
      </Box>
    );
  }
  const current = lists[tab];
  return (
    <>
      <PageHeader
        title={title(row)}
        icon={icon}
        subtitle={subtitle?.(row)}
        actions={
          <>
            {actions?.(row)}
            <Button component={RouterLink} to={listPath} size="small">
              Back to {listLabel}
            </Button>
          </>
        }
      />
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Read-only: changing a {schema.label.toLowerCase()} needs the {schema.writeRole} role.
        </Alert>
      )}
      {lockedBy && (
        <Alert severity="warning" icon={<LockOutlined />} sx={{ mb: 2 }} role="status" aria-label="Document locked">
          {lock?.message}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
        <Box
          sx={{
            flex: '1 1 640px',
            minWidth: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 2,
            bgcolor: 'background.paper',
          }}
        >
          <RecordForm
            schema={schema}
            row={row}
            fields={headerFields}
            canEdit={canEdit && !lockedBy}
            onSaved={(saved) => {
              void mutate(saved, { revalidate: true });
              setVersion((n) => n + 1);
            }}
            onReloaded={(stored) => void mutate(stored, { revalidate: false })}
            saveLabel="Save header"
            createLabel="Create"
            label={`${schema.label} header`}
          />
        </Box>
        {summary && <Box sx={{ flex: '0 1 360px', minWidth: 280 }}>{summary(row, version)}</Box>}
      </Box>
      {lists.length > 0 && (
        <>
          {lists.length > 1 && (
            <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
              <Tabs
                value={tab}
                onChange={(_event, next: number) => {
                  setTab(next);
                  linked.leave();
                }}
                aria-label={`${schema.label} lists`}
              >
                {lists.map((list, index) => (
                  <Tab
                    key={list.schema.name}
                    value={index}
                    label={list.label ?? list.schema.labelPlural}
                    sx={{ textTransform: 'none' }}
                  />
                ))}
              </Tabs>
            </Box>
          )}
          {linked.waiting ? (
            <Box
              role="status"
              aria-label="Opening the linked view"
              sx={{ display: 'flex', justifyContent: 'center', p: 4 }}
            >
              <CircularProgress />
            </Box>
          ) : (
            current && (
              <DocumentListTab
                list={current}
                documentId={id}
                lockedBy={lockedBy}
                onChanged={() => (void mutate(), setVersion((n) => n + 1))}
              />
            )
          )}
        </>
      )}
      {/* Supplier documents: any document whose schema takes files (quotes, packages). A lock keeps its files. */}
      {schema.files && <FilesSection schema={schema} rowId={id} canUpload={canEdit} canDelete={canEdit && !lockedBy} />}
      {footer?.(row, version)}
    </>
  );
}

function DocumentListTab({
  list,
  documentId,
  lockedBy,
  onChanged,
}: {
  list: DocumentList;
  documentId: number;
  lockedBy: string | null;
  onChanged: () => void;
}) {
  const root = list.schema.scope?.root;
  // The document's stream of others' saves: the grid follows them, the summary is read again after them.
  const live = useLiveChanges(useMemo(() => documentOf(list.schema.name, documentId), [list.schema.name, documentId]));
  useAfterLiveChanges(live, onChanged);
  if (!root)
    return <Typography color="error">{list.schema.labelPlural} are not kept per document (no scope).</Typography>;
  return (
    <Box role="tabpanel" aria-label={list.label ?? list.schema.labelPlural}>
      <LiveFeedContext.Provider value={live}>
        <EntityListPage
          key={list.schema.name}
          schema={list.schema}
          embedded
          scope={{ field: root, value: documentId }}
          lockedBy={lockedBy}
          onDataChanged={onChanged}
          height={list.height ?? 'max(420px, calc(100vh - 480px))'}
        />
      </LiveFeedContext.Provider>
    </Box>
  );
}
