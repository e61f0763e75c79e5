import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../app/layout/page-header';
import { useGlobalSearchTerm, matchesSearchTerm } from '../../app/search/global-search';
import { appIcons, brandIcon, type AppIconName } from '../../app/icons';
import { detailRoutes, menuSections } from '../../app/paths';

/** Where each icon appears, from the same table the sidebar is built from. */
function iconUsages(): Map<AppIconName, string[]> {
  const usages = new Map<AppIconName, string[]>();
  const add = (name: AppIconName, usage: string) => usages.set(name, [...(usages.get(name) ?? []), usage]);
  add(brandIcon, 'Brand mark');
  for (const section of menuSections)
    for (const entry of section.entries) add(entry.icon, `${section.title} › ${entry.label}`);
  for (const route of detailRoutes) add(route.icon, `New ${route.label}`);
  return usages;
}

/** Gallery of the MUI icons the workbench uses (spec §2 'icons'), filtered by the global search. */
export function IconsPage() {
  const term = useGlobalSearchTerm();
  const usages = iconUsages();
  const icons = (Object.keys(appIcons) as AppIconName[]).filter((name) =>
    matchesSearchTerm(term, [name, ...(usages.get(name) ?? [])]),
  );
  return (
    <>
      <PageHeader
        title="Icons"
        subtitle={`${icons.length} of ${Object.keys(appIcons).length} Material icons used by the menu and screens (@mui/icons-material).`}
      />
      {icons.length === 0 && <Typography color="text.secondary">No icon matches “{term.trim()}”.</Typography>}
      <Box
        component="ul"
        aria-label="Icons"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))',
        }}
      >
        {icons.map((name) => {
          const Icon = appIcons[name];
          return (
            <Paper
              key={name}
              component="li"
              variant="outlined"
              sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
            >
              <Icon sx={{ fontSize: 32, color: 'primary.main', flexShrink: 0 }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography
                  sx={{ fontFamily: 'monospace', fontSize: '0.8rem', fontWeight: 600, wordBreak: 'break-all' }}
                >
                  {name}
                </Typography>
                {(usages.get(name) ?? []).map((usage) => (
                  <Typography key={usage} variant="caption" color="text.secondary" component="div">
                    {usage}
                  </Typography>
                ))}
              </Box>
            </Paper>
          );
        })}
      </Box>
    </>
  );
}
