import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { appIcons } from '../../app/icons';
import { PageHeader } from '../../app/layout/page-header';
import { menuSections, paths, type MenuEntry } from '../../app/paths';
import type { EntitySummary } from '../../lib/entity-api';
import { excelSteps, listSteps, moduleNotes, type HowToStep } from './intro-content';
import { apiRoutes } from '../../lib/api-routes';

function ModuleCard({ entry, rows }: { entry: MenuEntry; rows: number | undefined }) {
  const Icon = appIcons[entry.icon];
  const note = moduleNotes[entry.label];
  const usable = entry.path && !entry.disabled;
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1, alignItems: 'flex-start' }}>
      <Icon fontSize="small" sx={{ mt: 0.25, color: usable ? 'primary.main' : 'text.disabled' }} />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {usable ? (
            <Link component={RouterLink} to={entry.path!} underline="hover" sx={{ fontWeight: 600 }}>
              {entry.label}
            </Link>
          ) : (
            <Typography component="span" color="text.disabled" sx={{ fontWeight: 600 }}>
              {entry.label}
            </Typography>
          )}
          {entry.note && <Chip size="small" label={entry.note} />}
          {rows !== undefined && (
            <Typography variant="caption" color="text.secondary">
              {rows.toLocaleString('en-US')} {rows === 1 ? 'row' : 'rows'}
            </Typography>
          )}
        </Box>
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note.text}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function Steps({ id, title, intro, steps }: { id: string; title: string; intro: string; steps: HowToStep[] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {intro}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {steps.map((step) => (
          <Box key={step.title}>
            <Typography variant="subtitle2" component="h3">
              {step.title}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mt: 0.5 } }}>
              {step.points.map((point) => (
                <Typography key={point} component="li" variant="body2">
                  {point}
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** App Framework > Intro (appintro): the modules, the lists and documents, and the Excel round trip, for an engineer new to Tagbase. */
export function IntroPage() {
  // Live row counts beside the modules that are lists; the page reads fine without them.
  const { data: summaries } = useApi<EntitySummary[]>(apiRoutes.entities());
  const rowsOf = (entity: string | undefined) =>
    entity ? summaries?.find((summary) => summary.name === entity)?.rowCount : undefined;
  return (
    <>
      <PageHeader
        title="Intro"
        subtitle="Tagbase keeps a process or mining project's engineering data (equipment, instruments, lines, drawings) together with its commercial documents, in lists you edit like a spreadsheet."
      />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 1200 }}>
        <Paper variant="outlined" component="section" aria-labelledby="intro-modules" sx={{ p: 2 }}>
          <Typography id="intro-modules" variant="h2" sx={{ fontSize: '1.05rem', mb: 1 }}>
            The modules
          </Typography>
          <Box
            sx={{
              display: 'grid',
              columnGap: 4,
              rowGap: 1,
              gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {menuSections.map((section) => (
              <Box key={section.id} component="section" aria-labelledby={`intro-section-${section.id}`}>
                <Typography id={`intro-section-${section.id}`} variant="overline" component="h3" color="text.secondary">
                  {section.title}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {section.entries.map((entry) => (
                    <ModuleCard key={entry.label} entry={entry} rows={rowsOf(moduleNotes[entry.label]?.entity)} />
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Outside the menu:{' '}
            <Link component={RouterLink} to={paths.demos}>
              Demos
            </Link>{' '}
            lists the demo projects (fictional, flagged as test data), which an admin can restore as seeded, and{' '}
            <Link component={RouterLink} to={paths.icons}>
              Icons
            </Link>{' '}
            shows the icons the menu uses.
          </Typography>
        </Paper>
        <Steps
          id="intro-lists"
          title="Lists and documents"
          intro="Every list in Tagbase is the same grid, and every document the same page: learn one and you know them all."
          steps={listSteps}
        />
        <Steps
          id="intro-excel"
          title="The Excel round trip"
          intro="Work on a list in Excel when that is quicker (a vendor's tag list, a bulk change), then bring it back with every row checked before it is saved."
          steps={excelSteps}
        />
      </Box>
    </>
  );
}
