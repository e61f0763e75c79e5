import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../app/layout/page-header';
import { appIcons } from '../../app/icons';
import { menuSections } from '../../app/paths';

// The admin overview gathers the menu's Admin and Manage groups; it lists links, not figures.
const ADMIN_SECTIONS = new Set(['admin', 'manage']);

export function AdminHomePage() {
  const sections = menuSections.filter((section) => ADMIN_SECTIONS.has(section.id));
  return (
    <>
      <PageHeader title="Admin" subtitle="Administration and housekeeping screens of Tagbase." />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          maxWidth: 960,
        }}
      >
        {sections.map((section) => (
          <Paper key={section.id} variant="outlined" component="section" aria-labelledby={`admin-${section.id}`}>
            <Typography id={`admin-${section.id}`} variant="h2" sx={{ px: 2, pt: 1.5, pb: 0.5, fontSize: '0.95rem' }}>
              {section.title}
            </Typography>
            <List>
              {section.entries.map((entry) => {
                const Icon = appIcons[entry.icon];
                return (
                  <li key={entry.label}>
                    {entry.path && !entry.disabled ? (
                      <ListItemButton component={RouterLink} to={entry.path}>
                        <ListItemIcon>
                          <Icon fontSize="small" />
                        </ListItemIcon>
                        <ListItemText primary={entry.label} secondary={entry.path} />
                      </ListItemButton>
                    ) : (
                      <Box
                        sx={{ display: 'flex', alignItems: 'center', px: 2, py: 0.75, color: 'text.disabled' }}
                        aria-disabled="true"
                      >
                        <ListItemIcon>
                          <Icon fontSize="small" />
                        </ListItemIcon>
                        <ListItemText primary={entry.label} />
                        {entry.note && <Chip size="small" label={entry.note} />}
                      </Box>
                    )}
                  </li>
                );
              })}
            </List>
          </Paper>
        ))}
      </Box>
    </>
  );
}
