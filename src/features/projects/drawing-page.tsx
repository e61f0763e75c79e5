import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SchemaOutlined from '@mui/icons-material/SchemaOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError, useApi, useApiFetch } from '../../app/api/api-client';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { PageHeader } from '../../app/layout/page-header';
import { paths, projectDocumentPath, projectRowPath } from '../../app/paths';
import { readOnlyNotice } from '../../grids/read-only-notice';
import { type DrawingKind, type DrawingPage as DrawingAnswer } from '../../lib/drawing-page';
import { formatValue, headerName } from '../../schemas/display-format';
import { getEntitySchema } from '../../schemas/registry';
import { fieldByName, type EntityRow, type EntitySchema, type FieldDef } from '../../schemas/schema-types';
import { PROJECT_TABS, projectIdFromParam } from './project-tabs';
import { apiRoutes } from '../../lib/api-routes';

type Answer = DrawingAnswer<EntityRow>;

/** The tab of a project list, by entity: where a row's link opens it. */
const listTab = (entity: string) => PROJECT_TABS.find((tab) => tab.entity === entity);
const tabOf = (entity: string): string | undefined => listTab(entity)?.slug;

/** The columns each list shows on a drawing page (the first is the row's tag, linking to the row). */
const SECTION_COLUMNS: Record<string, readonly string[]> = {
  mech_equipment: ['tagno', 'description', 'type_code', 'projarea_id', 'installed_kw', 'status'],
  instruments: ['tagno', 'letters', 'service', 'equipment_id', 'io_type', 'status'],
  piping: ['line_number', 'size_mm', 'from_tag', 'to_tag', 'fluid', 'pipe_spec'],
  streams: ['stream_number', 'description', 'from_equipment_id', 'to_equipment_id', 'mass_flow_tph', 'solids_pct'],
};

/** The header fields a drawing page shows, in order (field guide §6). */
const HEADER_FIELDS = [
  'drawing_number',
  'sheet',
  'title',
  'revision',
  'status',
  'projarea_id',
  'file_link',
  'id_internal',
] as const;

const NUMERIC_KINDS = new Set<FieldDef['kind']>(['integer', 'decimal', 'percent', 'money']);

/**
 * /home/general/projectdetail/:id/pids/:drawingId (and /pfds/:drawingId): a drawing's own page (field
 * guide §6). Its header and what sits on it, each row linking back to its row in the project's list
 * (`?open=`); soft delete and restore for engineers; read-only for viewers.
 */
export function DrawingPage({ kind }: { kind: DrawingKind }) {
  const params = useParams();
  const projectId = projectIdFromParam(params.id);
  const drawingId = projectIdFromParam(params.drawingId);
  if (!projectId || !drawingId) {
    return (
      <Problem
        title="Drawing"
        text={`"${params.id ?? ''}/${kind}/${params.drawingId ?? ''}" does not name a drawing of a project.`}
        projectId={projectId || undefined}
        kind={kind}
      />
    );
  }
  return <Drawing key={`${projectId}:${kind}:${drawingId}`} projectId={projectId} kind={kind} drawingId={drawingId} />;
}

function Problem({
  title,
  text,
  projectId,
  kind,
}: {
  title: string;
  text: string;
  projectId?: number;
  kind: DrawingKind;
}) {
  const back = projectId ? projectDocumentPath(projectId, kind) : paths.home + '/general/projectlist';
  return (
    <>
      <PageHeader title={title} icon={<SchemaOutlined />} />
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to={back} color="inherit" size="small">
            {projectId ? `The project's ${getEntitySchema(kind).labelPlural}` : 'Projects'}
          </Button>
        }
      >
        {text}
      </Alert>
    </>
  );
}

function Drawing({ projectId, kind, drawingId }: { projectId: number; kind: DrawingKind; drawingId: number }) {
  const schema = getEntitySchema(kind);
  const { can, me, error: rolesError } = useCurrentUser();
  const canEdit = can(schema.writeRole);
  const { data, error, mutate } = useApi<Answer>(apiRoutes.projectDrawing(projectId, kind, drawingId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const project = useApi<EntityRow>(apiRoutes.entityRow('projects', projectId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  }).data;
  const fetcher = useApiFetch();
  const { enqueueSnackbar } = useSnackbar();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!data) {
    if (error)
      return (
        <Problem
          title={schema.label}
          text={error.status === 404 ? error.message : `The ${schema.label} could not be loaded: ${error.message}`}
          projectId={error.status === 404 && /^No Project/.test(error.message) ? undefined : projectId}
          kind={kind}
        />
      );
    return (
      <Box
        role="status"
        aria-label={`Loading the ${schema.label}`}
        sx={{ display: 'flex', justifyContent: 'center', p: 4 }}
      >
        <CircularProgress />
      </Box>
    );
  }

  const drawing = data.drawing;
  const number = String(drawing.drawing_number ?? `#${drawing.id}`);
  const deleted = drawing.deleteflag === true;
  const lookupLabel = (field: FieldDef, value: unknown) =>
    field.kind === 'lookup' && typeof value === 'number'
      ? (data.labels[field.entity]?.[String(value)] ?? `#${value}`)
      : undefined;

  /** Soft delete or restore (spec: POST /deletepid for P&IDs; a PFD through the entity batch). */
  const setDeleted = async (flag: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      if (kind === 'pids') {
        await fetcher(apiRoutes.deletePid(), {
          method: 'POST',
          body: JSON.stringify({ id: drawing.id, version: drawing.version, ...(flag ? {} : { restore: true }) }),
        });
      } else {
        await fetcher(apiRoutes.entityBatch(kind), {
          method: 'POST',
          body: JSON.stringify({
            updates: [{ id: drawing.id, version: drawing.version, changes: { deleteflag: flag } }],
          }),
        });
      }
      enqueueSnackbar(
        `${schema.label} ${number} ${flag ? "deleted: hidden from the project's list, restorable here" : 'restored'}`,
        { variant: 'success' },
      );
      setConfirmDelete(false);
    } catch (caught) {
      const conflict = caught instanceof ApiError && caught.status === 409;
      setFailure(
        conflict
          ? `Someone changed this ${schema.label} meanwhile; it has been reloaded. Look it over and try again.`
          : caught instanceof Error
            ? caught.message
            : String(caught),
      );
      setConfirmDelete(false);
    } finally {
      setBusy(false);
      await mutate();
    }
  };

  const onDrawing = kind === 'pids' ? 'on this P&ID' : 'on this PFD';
  const sections: ReactNode[] =
    kind === 'pids'
      ? [
          <Section
            key="equipment"
            projectId={projectId}
            entity="mech_equipment"
            title="Equipment"
            rows={data.equipment}
            lookupLabel={lookupLabel}
            empty={`No equipment ${onDrawing}: set an equipment row's P&ID to place it here.`}
          />,
          <Section
            key="instruments"
            projectId={projectId}
            entity="instruments"
            title="Instruments"
            rows={data.instruments}
            lookupLabel={lookupLabel}
            empty={`No instruments ${onDrawing}.`}
          />,
          <Section
            key="lines"
            projectId={projectId}
            entity="piping"
            title="Lines"
            rows={data.lines}
            lookupLabel={lookupLabel}
            empty={`No lines ${onDrawing}.`}
          />,
          <Section
            key="streams"
            projectId={projectId}
            entity="streams"
            title="Streams"
            rows={data.streams}
            lookupLabel={lookupLabel}
            empty={`No streams ${onDrawing}.`}
          />,
        ]
      : [
          <Section
            key="streams"
            projectId={projectId}
            entity="streams"
            title="Streams"
            rows={data.streams}
            lookupLabel={lookupLabel}
            empty={`No streams ${onDrawing}: set a stream's PFD to place it here.`}
          />,
          <Section
            key="equipment"
            projectId={projectId}
            entity="mech_equipment"
            title="Equipment the streams run between"
            rows={data.equipment}
            lookupLabel={lookupLabel}
            empty="No equipment: the PFD's streams name none."
          />,
        ];
  const counts =
    kind === 'pids'
      ? [
          counted(data.equipment.length, 'equipment', 'equipment'),
          counted(data.instruments.length, 'instrument'),
          counted(data.lines.length, 'line'),
          counted(data.streams.length, 'stream'),
        ]
      : [counted(data.streams.length, 'stream'), counted(data.equipment.length, 'equipment', 'equipment')];

  return (
    <>
      <Breadcrumbs aria-label="Where this drawing is" sx={{ mb: 1, fontSize: '0.85rem' }}>
        <Link component={RouterLink} to={paths.home + '/general/projectlist'} underline="hover" color="inherit">
          Projects
        </Link>
        <Link component={RouterLink} to={projectDocumentPath(projectId, 'areas')} underline="hover" color="inherit">
          {projectName(project, projectId)}
        </Link>
        <Link component={RouterLink} to={projectDocumentPath(projectId, kind)} underline="hover" color="inherit">
          {schema.labelPlural}
        </Link>
        <Typography color="text.primary" sx={{ fontSize: 'inherit' }}>
          {number}
        </Typography>
      </Breadcrumbs>
      <PageHeader
        title={`${schema.label} ${number}`}
        icon={<SchemaOutlined />}
        subtitle={[typeof drawing.title === 'string' ? drawing.title : null, counts.join(' · ')]
          .filter(Boolean)
          .join(' — ')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              startIcon={<TableRowsOutlined />}
              component={RouterLink}
              to={projectRowPath(projectId, kind, drawing.id)}
              disabled={deleted}
              title={
                deleted
                  ? `A deleted ${schema.label} is hidden from the list (tick "Show deleted rows" there)`
                  : undefined
              }
            >
              Open in the {schema.labelPlural} list
            </Button>
            {canEdit && !deleted && (
              <Button
                size="small"
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => setConfirmDelete(true)}
                disabled={busy}
              >
                Delete drawing
              </Button>
            )}
          </Box>
        }
      />
      {deleted && (
        <Alert
          severity="error"
          variant="outlined"
          icon={<DeleteOutlineIcon />}
          sx={{ mb: 2, bgcolor: '#fff5f5' }}
          action={
            canEdit ? (
              <Button
                color="inherit"
                variant="outlined"
                size="small"
                startIcon={<RestoreFromTrashIcon />}
                onClick={() => void setDeleted(false)}
                disabled={busy}
              >
                Restore
              </Button>
            ) : undefined
          }
        >
          <AlertTitle sx={{ fontWeight: 700 }}>Deleted</AlertTitle>
          This {schema.label} is soft-deleted: it is hidden from the project&apos;s {schema.labelPlural} list until it
          is restored. What sits on it still points at it.
        </Alert>
      )}
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {readOnlyNotice(schema, me?.roles, !!rolesError)}. This page is read-only.
        </Alert>
      )}
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <DrawingHeader schema={schema} drawing={drawing} projectId={projectId} lookupLabel={lookupLabel} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 760px), 1fr))',
          gap: 2,
          alignItems: 'start',
        }}
      >
        {sections}
      </Box>

      <Dialog
        open={confirmDelete}
        onClose={() => !busy && setConfirmDelete(false)}
        aria-labelledby="tb-delete-drawing-title"
      >
        <DialogTitle id="tb-delete-drawing-title">
          Delete {schema.label} {number}?
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2">
            The drawing is hidden from the project&apos;s {schema.labelPlural} list (a soft delete). Nothing on it is
            deleted: {counts.join(', ')} keep pointing at it. It can be restored from this page.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)} disabled={busy}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void setDeleted(true)} disabled={busy}>
            Delete drawing
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The project as the breadcrumb names it: "P-1001 — Cerro Azul". */
function projectName(project: EntityRow | undefined, id: number): string {
  if (!project) return `Project #${id}`;
  const number =
    typeof project.project_number === 'string' && project.project_number ? project.project_number : `#${id}`;
  return `${number} — ${String(project.name ?? '')}`;
}

function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A lookup's label, linked to its row's tab when the target is a list of the project. */
function LookupValue({
  projectId,
  field,
  value,
  label,
}: {
  projectId: number;
  field: FieldDef;
  value: unknown;
  label: string;
}) {
  const tab = field.kind === 'lookup' ? tabOf(field.entity) : undefined;
  if (!tab || typeof value !== 'number') return <>{label}</>;
  return (
    <Link component={RouterLink} to={projectRowPath(projectId, tab, value)} underline="hover">
      {label}
    </Link>
  );
}

/** The drawing's header (number, sheet, title, revision, status, area, file link, internal id) as label/value pairs. */
function DrawingHeader({
  schema,
  drawing,
  projectId,
  lookupLabel,
}: {
  schema: EntitySchema;
  drawing: EntityRow;
  projectId: number;
  lookupLabel: (field: FieldDef, value: unknown) => string | undefined;
}) {
  return (
    <Paper variant="outlined" component="section" aria-label={`${schema.label} header`} sx={{ p: 2, mb: 2 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          columnGap: 3,
          rowGap: 1.5,
        }}
      >
        {HEADER_FIELDS.map((name) => {
          const field = fieldByName(schema, name);
          if (!field) return null;
          const value = drawing[name];
          const label = lookupLabel(field, value);
          // An id is a code, not a quantity: no thousands separator.
          let shown: ReactNode =
            label ?? (name === 'id_internal' && typeof value === 'number' ? String(value) : formatValue(field, value));
          if (label !== undefined)
            shown = <LookupValue projectId={projectId} field={field} value={value} label={label} />;
          else if (name === 'status' && shown)
            shown = (
              <Chip
                size="small"
                label={shown}
                color={value === 'IFC' || value === 'as_built' ? 'success' : 'default'}
                variant="outlined"
              />
            );
          else if (name === 'file_link' && typeof value === 'string' && /^https?:\/\//.test(value)) {
            shown = (
              <Link href={value} target="_blank" rel="noreferrer" sx={{ wordBreak: 'break-all' }}>
                {value}
              </Link>
            );
          }
          const wide = name === 'title' || name === 'file_link';
          return (
            <Box key={name} sx={{ gridColumn: wide ? 'span 2' : undefined, minWidth: 0 }}>
              <Typography
                component="dt"
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', textTransform: 'uppercase', letterSpacing: 0.4 }}
              >
                {field.label}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, fontWeight: name === 'drawing_number' ? 600 : 400, fontVariantNumeric: 'tabular-nums' }}
              >
                {shown === '' ? (
                  <Box component="span" sx={{ color: 'text.disabled' }}>
                    —
                  </Box>
                ) : (
                  shown
                )}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}

/** One list's rows on the drawing: a compact table, the tag linking to the row in its tab. */
function Section({
  projectId,
  entity,
  title,
  rows,
  lookupLabel,
  empty,
}: {
  projectId: number;
  entity: string;
  title: string;
  rows: readonly EntityRow[];
  lookupLabel: (field: FieldDef, value: unknown) => string | undefined;
  empty: string;
}) {
  const schema = getEntitySchema(entity);
  const tab = listTab(entity)!;
  const fields = (SECTION_COLUMNS[entity] ?? [schema.labelField])
    .map((name) => fieldByName(schema, name))
    .filter((f): f is FieldDef => !!f);
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ overflow: 'hidden' }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          gap: 1,
          px: 1.5,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: '#f7f9fc',
        }}
      >
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {rows.length}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Link component={RouterLink} to={projectDocumentPath(projectId, tab.slug)} variant="body2" underline="hover">
          {tab.label} tab
        </Link>
      </Box>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 1.5 }}>
          {empty}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table
            size="small"
            aria-label={title}
            sx={{
              '& td, & th': { px: 1, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
              '& thead th': { color: 'text.secondary', fontWeight: 600, fontSize: '0.78rem' },
            }}
          >
            <TableHead>
              <TableRow>
                {fields.map((field) => (
                  <TableCell key={field.name} align={NUMERIC_KINDS.has(field.kind) ? 'right' : 'left'}>
                    {headerName(field)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover>
                  {fields.map((field, i) => {
                    const value = row[field.name];
                    const label = lookupLabel(field, value);
                    const text = label ?? formatValue(field, value);
                    return (
                      <TableCell
                        key={field.name}
                        align={NUMERIC_KINDS.has(field.kind) ? 'right' : 'left'}
                        sx={
                          field.name === 'description' || field.name === 'service'
                            ? { maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis' }
                            : undefined
                        }
                        title={field.name === 'description' || field.name === 'service' ? text : undefined}
                      >
                        {i === 0 ? (
                          <Link
                            component={RouterLink}
                            to={projectRowPath(projectId, tab.slug, row.id)}
                            underline="hover"
                            sx={{ fontWeight: 600 }}
                          >
                            {text || `#${row.id}`}
                          </Link>
                        ) : label !== undefined ? (
                          <LookupValue projectId={projectId} field={field} value={value} label={label} />
                        ) : (
                          text
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
