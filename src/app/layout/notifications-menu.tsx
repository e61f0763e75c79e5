import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../api/api-client';
import { paths } from '../paths';
import { DASHBOARD_DATA_PATH, formatDaysAgo, type DashboardData } from './dashboard-data';

// Spec §2 fixes this heading's text; it is not a count of the entries below.
const HEADING = '6 New Notifications';

/**
 * Spec §4: the list loads only the first time the dropdown opens. The key stays null until then and is
 * kept afterwards; revalidateOnMount forces that first load even if the dashboard already cached the data,
 * and every other revalidation trigger is off so later openings never refetch.
 */
export function NotificationsMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const [cleared, setCleared] = useState(false);
  const headingId = useId();
  // Its own cache entry: the list loads when the dropdown first opens (spec §4), not from the dashboard's copy.
  const { data, error, isLoading } = useApi<DashboardData>(everOpened ? DASHBOARD_DATA_PATH : null, {
    cacheScope: 'notifications',
    revalidateOnMount: true,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });
  const entries = cleared ? [] : (data?.recentactivityfeed ?? []);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label="Notifications"
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setEverOpened(true);
        }}
      >
        <NotificationsOutlined />
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-labelledby': headingId, sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {HEADING}
          </Typography>
          {/* Never disabled: disabling the focused button would drop focus out of the popover, and Escape with it. */}
          <Button onClick={() => setCleared(true)}>Clear all</Button>
        </Box>
        <Divider />
        <Box sx={{ maxHeight: 340, overflowY: 'auto' }}>
          {isLoading && !data ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
              <CircularProgress size={22} aria-label="Loading notifications" />
            </Box>
          ) : error && !data ? (
            <Typography sx={{ p: 2 }} color="error" role="alert">
              Could not load notifications.
            </Typography>
          ) : entries.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              No notifications.
            </Typography>
          ) : (
            <List aria-label="Recent activity" disablePadding>
              {entries.map((entry) => (
                <ListItem key={entry.id} divider>
                  <ListItemText
                    primary={entry.summary}
                    secondary={formatDaysAgo(entry.days_ago)}
                    slotProps={{ primary: { sx: { fontSize: '0.8125rem' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        <Divider />
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 0.75 }}>
          <Button component={RouterLink} to={paths.dashboard} onClick={close}>
            View all
          </Button>
        </Box>
      </Popover>
    </>
  );
}
