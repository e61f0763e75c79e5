import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { PageHeader } from '../../app/layout/page-header';
import { capexPath, documentIdFromParam, projectDocumentPath } from '../../app/paths';
import { EntityListPage } from '../../grids/entity-list-page';
import type { CapexSummary, CapexTag, PriceSpread } from '../../lib/capex';
import { getEntitySchema } from '../../schemas/registry';
import { CapexDrilldown } from './capex-drilldown';
import { EstimateSettings } from './capex-estimate';
import { GroupTable, SummaryCards } from './capex-figures';
import { apiRoutes } from '../../lib/api-routes';

// recharts is only fetched with this chunk, when a CAPEX screen opens.
const CapexCharts = lazy(() => import('./capex-charts'));
const capexFactors = getEntitySchema('capex_factors');

/** /home/general/capex and /home/general/capex/:projectId (field guide §14; issue #18 item 2). */
export function CapexPage() {
  const { projectId } = useParams();
  if (projectId === undefined) return <ProjectChooser />;
  const id = documentIdFromParam(projectId);
  if (!id) {
    return (
      <>
        <PageHeader title="CAPEX" icon={<AssessmentOutlined />} />
        <Alert severity="error">&quot;{projectId}&quot; is not a project number in this address.</Alert>
      </>
    );
  }
  return <CapexScreen key={id} projectId={id} />;
}

function ProjectChooser() {
  const { data, error } = useApi<{ id: number; label: string }[]>(apiRoutes.entityOptions('projects', { limit: 500 }));
  return (
    <>
      <PageHeader
        title="CAPEX"
        icon={<AssessmentOutlined />}
        subtitle="Choose a project: its equipment priced tag by tag, summed by category and area to the total installed cost."
      />
      {error && <Alert severity="error">The projects could not be loaded ({error.message}).</Alert>}
      {!data && !error && <CircularProgress aria-label="Loading the projects" />}
      <List
        aria-label="Projects"
        sx={{ maxWidth: 640, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        {(data ?? []).map((project) => (
          <ListItemButton key={project.id} component={RouterLink} to={capexPath(project.id)}>
            <ListItemText primary={project.label} />
          </ListItemButton>
        ))}
      </List>
    </>
  );
}

type Drill = { title: string; tags: CapexTag[]; note?: string };

function CapexScreen({ projectId }: { projectId: number }) {
  // The factors list below writes through the engine; each save reads the figures again.
  const [revision, setRevision] = useState(0);
  const { data: summary, error } = useApi<CapexSummary>(apiRoutes.projectCapex(projectId), {
    cacheScope: `r${revision}`,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const { data: spread } = useApi<PriceSpread[]>(apiRoutes.projectCapexSpread(projectId), {
    cacheScope: `r${revision}`,
    revalidateOnFocus: false,
  });
  const [tier, setTier] = useState(1);
  const [drill, setDrill] = useState<Drill | null>(null);
  const scope = useMemo(() => ({ field: 'project_id', value: projectId }), [projectId]);
  const { enqueueSnackbar } = useSnackbar();
  // The workbook writer (ExcelJS) loads on the first export, not with the page.
  const exportCapex = (figures: CapexSummary) =>
    void import('./capex-export')
      .then((m) => m.downloadCapex(figures))
      .catch((e: unknown) =>
        enqueueSnackbar(`Export failed: ${e instanceof Error ? e.message : String(e)}`, { variant: 'error' }),
      );

  if (!summary) {
    return (
      <>
        <PageHeader title="CAPEX" icon={<AssessmentOutlined />} />
        {error ? (
          <Alert severity="error">
            {error.status === 404
              ? `There is no project ${projectId}.`
              : `The CAPEX could not be computed: ${error.message}`}
          </Alert>
        ) : (
          <Skeleton variant="rounded" height={320} aria-label="Loading the CAPEX" />
        )}
      </>
    );
  }
  const currency = summary.project.base_currency ?? '';
  const categories = summary.by_category.filter((g) => g.tier === tier);
  const open = (title: string, keep: (tag: CapexTag) => boolean, note?: string) =>
    setDrill({ title, tags: summary.tags.filter(keep), note });
  const pickCategory = (key: string) => {
    const group = categories.find((g) => g.key === key);
    if (!group) return;
    if (key !== '(none)')
      return open(`Category ${group.key}`, (t) => t.category_path.slice(0, tier).join(' / ') === key);
    // "No category" names its tags, so an estimator can fix them: without one a tag is in no category total
    // and can get no category estimate.
    const uncategorised = summary.tags.filter((t) => t.category_path.length === 0).map((t) => t.tagno);
    open(
      `No category: ${uncategorised.join(', ')}`,
      (t) => t.category_path.length === 0,
      `${uncategorised.length} tag${uncategorised.length === 1 ? ' has' : 's have'} no item category (${uncategorised.join(', ')}): set it on the equipment row (open a tag below) so it is counted in its category and, without a price of its own, can get a category estimate.`,
    );
  };
  const pickArea = (key: string) =>
    open(`Area ${summary.by_area.find((g) => g.key === key)?.label ?? key}`, (t) => (t.area ?? '(none)') === key);
  const pickBasis = (key: string) =>
    open(`Priced on: ${summary.by_basis.find((g) => g.key === key)?.label ?? key}`, (t) => t.basis === key);

  return (
    <>
      <PageHeader
        title={`CAPEX — ${summary.project.name}`}
        icon={<AssessmentOutlined />}
        subtitle={`${summary.project.project_number ?? ''} · base ${currency || 'currency not set'} · escalated to and at the rates of ${summary.project.estimate_date}${summary.project.estimate_date_set ? '' : ' (today)'} · class ${summary.project.estimate_class ?? '—'}`}
        actions={
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button component={RouterLink} to={projectDocumentPath(projectId, 'equipment')} variant="outlined">
              Equipment list
            </Button>
            <Button variant="contained" startIcon={<FileDownloadOutlined />} onClick={() => exportCapex(summary)}>
              Export CAPEX
            </Button>
          </Box>
        }
      />
      {summary.warnings.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {summary.warnings.map((warning) => (
            <div key={warning}>{warning}</div>
          ))}
        </Alert>
      )}
      <EstimateSettings
        key={`${summary.project.estimate_date}|${summary.project.plant_type ?? ''}`}
        summary={summary}
        onSaved={() => setRevision((n) => n + 1)}
      />
      <SummaryCards summary={summary} onAll={(title) => open(title, () => true)} />

      {/* Side by side only from 1,800 px: below it (1,366 and 1,600 px screens, beside the sidebar) each table
          would have to scroll to its Direct field column; one above the other, both fit. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          '@media (min-width: 1800px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
          gap: 2,
          my: 2,
        }}
      >
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
            <Typography variant="h6" component="h2">
              By category
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={tier}
              onChange={(_e, value: number | null) => value && setTier(value)}
              aria-label="Category tier"
            >
              {[1, 2, 3].map((t) => (
                <ToggleButton key={t} value={t} aria-label={`Tier ${t}`}>
                  Tier {t}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          <GroupTable label="CAPEX by category" groups={categories} onPick={pickCategory} />
        </Box>
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            By area
          </Typography>
          <GroupTable label="CAPEX by area" groups={summary.by_area} onPick={pickArea} />
          <Typography variant="h6" component="h2" sx={{ my: 1 }}>
            By price basis
          </Typography>
          <GroupTable label="CAPEX by price basis" groups={summary.by_basis} onPick={pickBasis} />
        </Box>
      </Box>

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Charts
      </Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={300} aria-label="Loading the charts" />}>
        <CapexCharts
          summary={summary}
          categories={categories}
          spread={spread}
          onPickCategory={pickCategory}
          onPickArea={pickArea}
          onPickBasis={pickBasis}
        />
      </Suspense>

      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        Installation and bulks factors per category
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        A category&apos;s row covers the categories under it without their own. Others take the project&apos;s{' '}
        {summary.settings.install_factor} installation and {summary.settings.bulks_factor} bulks; EPCM{' '}
        {summary.settings.epcm_pct} %, owner&apos;s costs {summary.settings.owners_pct} % and contingency{' '}
        {summary.settings.contingency_pct} % are on the{' '}
        <Link component={RouterLink} to={projectDocumentPath(projectId, 'areas')}>
          project header
        </Link>
        .
      </Typography>
      <EntityListPage
        schema={capexFactors}
        embedded
        scope={scope}
        onDataChanged={() => setRevision((n) => n + 1)}
        height={320}
      />
      {drill && (
        <CapexDrilldown
          projectId={projectId}
          title={drill.title}
          tags={drill.tags}
          currency={currency}
          estimateDate={summary.project.estimate_date}
          note={drill.note}
          onClose={() => setDrill(null)}
        />
      )}
    </>
  );
}
