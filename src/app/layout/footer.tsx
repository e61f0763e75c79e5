import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../paths';

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: 1,
        px: 3,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        backgroundColor: 'background.paper',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">© {new Date().getFullYear()} Tagbase · engineering data workbench</Typography>
      <Typography variant="body2" component="nav" aria-label="Footer">
        <Link component={RouterLink} to={paths.appUpdates} underline="hover">
          Updates
        </Link>
      </Typography>
    </Box>
  );
}
