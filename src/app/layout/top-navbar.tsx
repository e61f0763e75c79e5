import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { GlobalSearchBox } from '../search/global-search-box';
import { NotificationsMenu } from './notifications-menu';
import { ProfileMenu } from './profile-menu';
import { ProjectPickerButton } from './project-picker';
import { QuickLinksMenu } from './quick-links-menu';

type Props = {
  /** Whether the sidebar is currently showing its full width (or, on mobile, the drawer is open). */
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
};

export function TopNavbar({ sidebarExpanded, onToggleSidebar }: Props) {
  return (
    <AppBar
      position="static"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', backgroundColor: 'background.paper', zIndex: 'appBar' }}
    >
      <Toolbar sx={{ gap: 1.5, minHeight: 48, px: { xs: 1, sm: 1.5 } }}>
        <Tooltip title={sidebarExpanded ? 'Fold the sidebar' : 'Show the sidebar'}>
          <IconButton
            aria-label="Toggle sidebar"
            aria-expanded={sidebarExpanded}
            onClick={onToggleSidebar}
            edge="start"
          >
            {sidebarExpanded ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <GlobalSearchBox />
        <Box sx={{ flex: 1 }} />
        <ProjectPickerButton />
        <QuickLinksMenu />
        <NotificationsMenu />
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
