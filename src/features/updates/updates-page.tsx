import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../app/layout/page-header';
import { parseChangelog } from '../../lib/changelog';
// The changelog kept at the repository root, bundled at build time: the notes ship with the code they describe.
import changelog from '../../../CHANGELOG.md?raw';

const releases = parseChangelog(changelog);

/** Admin > Updates (appupdates): the release notes, newest first. */
export function UpdatesPage() {
  return (
    <>
      <PageHeader
        title="Updates"
        icon={<NewReleasesOutlined />}
        subtitle="What changed in Tagbase, newest release first."
      />
      <Stack spacing={2} sx={{ maxWidth: 960 }}>
        {releases.map((release) => (
          <Paper
            key={release.version}
            variant="outlined"
            component="article"
            aria-labelledby={`release-${release.version}`}
            sx={{ p: 2.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
              <Typography id={`release-${release.version}`} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
                {release.title ? `${release.version} · ${release.title}` : release.version}
              </Typography>
              {release.date && <Chip size="small" label={release.date} variant="outlined" />}
            </Box>
            {release.summary.map((text) => (
              <Typography key={text} color="text.secondary" sx={{ mb: 1 }}>
                {text}
              </Typography>
            ))}
            {release.groups.map((group) => (
              <Box key={group.title} sx={{ mt: 1.5 }}>
                {group.title && (
                  <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
                    {group.title}
                  </Typography>
                )}
                <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
                  {group.items.map((item) => (
                    <Typography key={item} component="li" variant="body2" sx={{ mb: 0.5 }}>
                      {item}
                    </Typography>
                  ))}
                </Box>
              </Box>
            ))}
          </Paper>
        ))}
      </Stack>
    </>
  );
}
