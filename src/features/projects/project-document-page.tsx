import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { LiveFeedContext, useAfterLiveChanges, useLiveChanges } from '../../app/live-changes';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { PageHeader } from '../../app/layout/page-header';
import { capexPath, paths, projectDocumentPath, projectDrawingPath } from '../../app/paths';
import { getEntitySchema } from '../../schemas/registry';
import { hasSoftDelete, SOFT_DELETE_FIELD, type EntityRow } from '../../schemas/schema-types';
import { EntityListPage } from '../../grids/entity-list-page';
import { ProjectHeaderForm, projectsSchema } from './project-header-form';
import type { ProjectRollups } from '../../lib/project-rollups';
import { AreaRollupTable, RollupStrip } from './project-rollups';
import { DeclaredRollupTables } from './declared-rollup-tables';
import { DOCUMENT_TABS, FIRST_TAB, projectIdFromParam, tabFromParam, type ProjectTab } from './project-tabs';
import { DocumentIssueDialog } from './documents/document-issue-dialog';
import { RevisionsTab } from './revisions/revisions-tab';
import { useRevisionMarks } from './revisions/use-revision-marks';
import { DexpiImportButton } from './dexpi/dexpi-import-dialog';
import { RenameTagsButton } from './tag-rename/rename-tags-dialog';
import type { ColumnFilter } from '../../lib/entity-api';
import { apiRoutes, projectRef } from '../../lib/api-routes';

const PROJECT_ROOT = 'project_id';

/** Whether an answer has the shape the strip reads (the endpoint is young: an unexpected answer is said, not drawn). */
function isRollups(body: unknown): body is ProjectRollups {
  const data = body as Partial<ProjectRollups> | null;
  return (
    !!data &&
    typeof data === 'object' &&
    !!data.project &&
    typeof data.project === 'object' &&
    !!data.project.io &&
    Array.isArray(data.areas)
  );
}

/** The page title (spec: "Project <number> — <name>"). */
export function projectTitle(project: EntityRow): string {
  const number =
    typeof project.project_number === 'string' && project.project_number ? project.project_number : `#${project.id}`;
  return `Project ${number} — ${String(project.name ?? '')}`;
}

/**
 * /home/general/projectdetail/:id/:tab — a project as a document (field guide §1): the header form, the
 * project's roll-up figures, and one tab per list of the project (areas, equipment, instruments, cabling,
 * racking, lines, P&IDs, PFDs, streams), each the engine's grid scoped to the project. Id 0 is a new
 * project: the header only; creating it opens its document.
 */
export function ProjectDocumentPage() {
  const params = useParams();
  const id = projectIdFromParam(params.id);
  // The route is projectdetail/:id/* (features/projects/module.tsx): the tab is the rest of the address,
  // so a tab change keeps this page, its header and its edits mounted.
  const tabParam = params['*'];
  const tab = tabFromParam(tabParam);
  if (id === undefined) return <NoSuchProject text={`"${params.id ?? ''}" is not a project number in this address.`} />;
  if (id === 0) return <NewProject />;
  // One spelling per tab in the address (the spec's numbers and unknown tabs become the tab's slug).
  if (!tab || tabParam !== tab.slug) return <Navigate to={projectDocumentPath(id, (tab ?? FIRST_TAB).slug)} replace />;
  return <ProjectDocument key={id} id={id} tab={tab} />;
}

function NoSuchProject({ text }: { text: string }) {
  return (
    <>
      <PageHeader title="Project" icon={<AccountTreeOutlined />} />
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to={paths.home + '/general/projectlist'} color="inherit" size="small">
            Projects
          </Button>
        }
      >
        {text}
      </Alert>
    </>
  );
}

function NewProject() {
  const { can } = useCurrentUser();
  const canEdit = can(projectsSchema.writeRole);
  // Created: its document opens. Rendered rather than navigated from the save's callback, so the form's
  // leave guard (it had unsaved changes until this render) is gone before the move.
  const [created, setCreated] = useState<number | null>(null);
  if (created !== null) return <Navigate to={projectDocumentPath(created, FIRST_TAB.slug)} replace />;
  return (
    <>
      <PageHeader
        title="New project"
        icon={<AccountTreeOutlined />}
        subtitle="Fill in the header and create the project; its areas, equipment, instruments, lines and drawings are then added on its tabs."
      />
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Creating a project needs the engineer role; you can read projects only.
        </Alert>
      )}
      <Box
        sx={{ maxWidth: 960, border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'background.paper' }}
      >
        <ProjectHeaderForm project={null} canEdit={canEdit} onSaved={(row) => setCreated(row.id)} />
      </Box>
    </>
  );
}

function ProjectDocument({ id, tab }: { id: number; tab: ProjectTab }) {
  const { can } = useCurrentUser();
  const canEdit = can(projectsSchema.writeRole);
  const {
    data: loaded,
    error,
    mutate: mutateProject,
  } = useApi<EntityRow>(apiRoutes.entityRow(projectsSchema.name, id), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const rollups = useApi<unknown>(apiRoutes.projectRollups(id), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const { mutate: mutateRollups } = rollups;
  // One stream of others' saves per open project: its tab's grid follows them; roll-ups and clouds after them.
  const live = useLiveChanges(useMemo(() => projectRef(id), [id]));
  // The tab's revision clouds (rows changed since the last issued revision) follow its saves, as the roll-ups do,
  // and others' saves (only the rows they name are read again).
  const { marks: revisionMarks, reload: reloadMarks } = useRevisionMarks(
    id,
    'revised' in tab && tab.revised === false ? undefined : tab.entity,
    live,
  );
  // A save also changes the header's "changed since the last revision" (isdirty), which Issue reads.
  const reloadFigures = useCallback(() => {
    void mutateRollups();
    void mutateProject();
  }, [mutateRollups, mutateProject]);
  const reloadRollups = useCallback(() => {
    reloadFigures();
    reloadMarks();
  }, [reloadFigures, reloadMarks]);
  useAfterLiveChanges(live, reloadFigures);
  const [headerOpen, setHeaderOpen] = useState(false);
  const scope = useMemo(() => ({ field: PROJECT_ROOT, value: id }), [id]);
  const schema = tab.entity ? getEntitySchema(tab.entity) : undefined;
  // Every list of the project is soft-deleted (spec deleteflag; a replacing import deletes so too): deleted
  // rows are hidden unless asked for, and restored by unticking Deleted.
  const softDeletes = !!schema && hasSoftDelete(schema);
  const isDrawingTab = tab.entity === 'pids' || tab.entity === 'pfds';
  const [showDeleted, setShowDeleted] = useState(false);
  // A DEXPI import may add a P&ID, a rename of tags changes any list: the tab's list is read again (remounted) after one.
  const [listReloads, setListReloads] = useState(0);
  const liveRows = useMemo<ColumnFilter[] | undefined>(
    () => (softDeletes && !showDeleted ? [{ field: SOFT_DELETE_FIELD, op: 'equals', value: false }] : undefined),
    [softDeletes, showDeleted],
  );
  // A drawing opens to its own page (drawing-page.tsx) beside Open, which keeps the row's dialog.
  const navigate = useNavigate();
  const rowPage = 'rowPage' in tab ? tab.rowPage : undefined;
  const [issuing, setIssuing] = useState<EntityRow | null>(null);
  const drawingPage = useMemo(
    () =>
      isDrawingTab
        ? { label: 'Open drawing page', onRow: (row: EntityRow) => navigate(projectDrawingPath(id, tab.slug, row.id)) }
        : tab.slug === 'documents'
          ? { label: 'Issue and files', onRow: setIssuing }
          : rowPage
            ? { label: rowPage.label, onRow: (row: EntityRow) => navigate(rowPage.path(row.id)) }
            : undefined,
    [isDrawingTab, rowPage, navigate, id, tab.slug],
  );

  if (!loaded) {
    if (error)
      return (
        <NoSuchProject
          text={
            error.status === 404 ? `There is no project ${id}.` : `The project could not be loaded: ${error.message}`
          }
        />
      );
    return (
      <Box role="status" aria-label="Loading the project" sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  const project = loaded;
  const rollupData = isRollups(rollups.data) ? rollups.data : undefined;
  const rollupError =
    rollups.error ??
    (rollups.data !== undefined && !rollupData
      ? { message: 'the server answered something other than the figures' }
      : undefined);
  const client = typeof project.clientname === 'string' ? project.clientname : null;
  const phase = projectsSchema.fields.find((f) => f.name === 'phase');
  const phaseLabel = phase?.kind === 'enum' ? phase.options.find((o) => o.value === project.phase)?.label : undefined;

  return (
    <>
      <PageHeader
        title={projectTitle(project)}
        icon={<AccountTreeOutlined />}
        subtitle={
          [client, typeof project.description === 'string' ? project.description : null].filter(Boolean).join(' · ') ||
          undefined
        }
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <RenameTagsButton
              projectId={id}
              onRenamed={() => {
                setListReloads((n) => n + 1);
                void mutateProject();
                reloadRollups();
              }}
            />
            <Button component={RouterLink} to={capexPath(id)} variant="outlined">
              CAPEX
            </Button>
          </Box>
        }
      />
      <Accordion
        disableGutters
        variant="outlined"
        expanded={headerOpen}
        onChange={(_event, open) => setHeaderOpen(open)}
        slotProps={{ transition: { unmountOnExit: false } }}
        sx={{ mb: 2, borderRadius: 1, '&::before': { display: 'none' } }}
      >
        <AccordionSummary
          expandIcon={<ExpandMoreIcon />}
          aria-controls="project-header-content"
          id="project-header-summary"
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>Project header</Typography>
            {phaseLabel && <Chip size="small" label={phaseLabel} />}
            {typeof project.estimate_class === 'number' && (
              <Chip size="small" label={`Class ${project.estimate_class}`} />
            )}
            {project.isdirty === true && (
              <Chip size="small" color="warning" variant="outlined" label="Changed since the last revision" />
            )}
            {project.is_testdata === true && <Chip size="small" variant="outlined" label="Test data" />}
            <Typography variant="body2" color="text.secondary" sx={{ display: headerOpen ? 'none' : undefined }}>
              {canEdit
                ? 'Open to edit the number, client, end user, estimate and tag templates'
                : 'Open to read the number, client, end user, estimate and tag templates (read-only)'}
            </Typography>
          </Box>
        </AccordionSummary>
        <AccordionDetails id="project-header-content">
          <ProjectHeaderForm
            project={project}
            canEdit={canEdit}
            onSaved={(row) => {
              void mutateProject(row, { revalidate: false });
              reloadRollups();
            }}
            onReloaded={(row) => void mutateProject(row, { revalidate: false })}
          />
        </AccordionDetails>
      </Accordion>

      <RollupStrip data={rollupData} error={rollupError} loading={rollups.isValidating} />

      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab.slug} variant="scrollable" scrollButtons="auto" aria-label="Project lists">
          {DOCUMENT_TABS.map((t) => (
            <Tab
              key={t.slug}
              value={t.slug}
              label={t.label}
              component={RouterLink}
              to={projectDocumentPath(id, t.slug)}
              sx={{ textTransform: 'none', minHeight: 44 }}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" aria-label={tab.label}>
        {softDeletes && (
          <FormControlLabel
            sx={{ mb: 1 }}
            control={<Switch checked={showDeleted} onChange={(_event, checked) => setShowDeleted(checked)} />}
            label="Show deleted rows (untick Deleted and save to restore one)"
          />
        )}
        {tab.entity === 'pids' && (
          <DexpiImportButton projectId={id} onImported={() => (setListReloads((n) => n + 1), reloadRollups())} />
        )}
        {schema ? (
          // Areas are few (ten, not thousands): a shorter grid leaves the figures per area in view below it.
          <LiveFeedContext.Provider value={live}>
            <EntityListPage
              key={listReloads}
              schema={schema}
              embedded
              scope={scope}
              scopeFilters={liveRows}
              rowAction={drawingPage}
              onDataChanged={reloadRollups}
              sinceMarks={revisionMarks}
              height={
                tab.slug === 'areas' || rollupData?.tables.some((table) => table.entity === tab.entity)
                  ? 'max(300px, calc(100vh - 560px))'
                  : 'max(440px, calc(100vh - 330px))'
              }
            />
          </LiveFeedContext.Provider>
        ) : (
          <RevisionsTab projectId={id} canEdit={canEdit} onIssued={() => void mutateProject()} />
        )}
        {tab.slug === 'areas' && <AreaRollupTable data={rollupData} />}
        {tab.entity && <DeclaredRollupTables data={rollupData} entity={tab.entity} />}
        <DocumentIssueDialog
          projectId={id}
          document={issuing}
          projectChanged={project.isdirty === true}
          canEdit={canEdit}
          onClose={() => setIssuing(null)}
          onIssued={() => {
            setListReloads((n) => n + 1);
            void mutateProject();
          }}
        />
      </Box>
    </>
  );
}
