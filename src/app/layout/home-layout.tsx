import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Drawer from '@mui/material/Drawer';
import { keyframes, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SnackbarProvider } from 'notistack';
import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { CurrentProjectProvider } from '../current-project';
import { GlobalSearchProvider } from '../search/global-search';
import { theme } from '../theme';
import { Footer } from './footer';
import { Sidebar } from './sidebar';
import { useSidebarState } from './sidebar-state';
import { TopNavbar } from './top-navbar';
import { LeaveGuardPrompt } from '../leave-guard';
import { useShellModules } from '../shell-modules';

type Props = {
  children: ReactNode;
  /** What the page is keyed on (home-app's usePageKey); the path by default. */
  pageKey?: string;
};

/**
 * Providers every workbench screen relies on (spec §9: toasts 3000 ms, top-right, no duplicates, no close
 * button), then those the feature manifests add (the request modal), then the frame.
 */
export function HomeLayout({ children, pageKey }: Props) {
  const modules = useShellModules();
  const shell = (
    <>
      <LeaveGuardPrompt />
      <Shell pageKey={pageKey}>{children}</Shell>
    </>
  );
  const provided = modules.reduceRight<ReactNode>(
    (inner, { id, provider: Provider }) => (Provider ? <Provider key={id}>{inner}</Provider> : inner),
    shell,
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        classes={{ containerAnchorOriginTopRight: 'toasts-below-app-bar' }}
        autoHideDuration={3000}
        preventDuplicate
      >
        <GlobalSearchProvider>
          <CurrentProjectProvider>{provided}</CurrentProjectProvider>
        </GlobalSearchProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

function Shell({ children, pageKey }: Props) {
  // Breakpoints are the spec's (theme.ts): below md (992 px) mobile, below lg (1200 px) folded.
  const isMobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const isMid = useMediaQuery(theme.breakpoints.between('md', 'lg'), { noSsr: true });
  const sidebar = useSidebarState(isMobile ? 'mobile' : isMid ? 'mid' : 'wide');
  const { pathname } = useLocation();

  return (
    <Box sx={{ display: 'flex', height: '100dvh', overflow: 'hidden' }}>
      {isMobile ? (
        <Drawer open={sidebar.mobileOpen} onClose={sidebar.closeMobile} variant="temporary">
          <Sidebar folded={false} onNavigate={sidebar.closeMobile} />
        </Drawer>
      ) : (
        <Sidebar folded={sidebar.folded} />
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopNavbar sidebarExpanded={sidebar.expanded} onToggleSidebar={sidebar.toggle} />
        <Box
          component="main"
          data-scroll-container=""
          sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', display: 'flex', flexDirection: 'column' }}
        >
          {/* Keyed on the page so every move to another page replays the 500 ms fade (spec §9) and shows the spinner while it loads. */}
          <Box
            key={pageKey ?? pathname}
            sx={{
              flex: 1,
              p: { xs: 1.5, md: 2.5 },
              animation: `${fadeIn} 500ms ease-in`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            }}
          >
            <Suspense fallback={<PageSpinner />}>{children}</Suspense>
          </Box>
          <Footer />
        </Box>
      </Box>
    </Box>
  );
}

function PageSpinner() {
  return (
    <Box
      role="status"
      aria-label="Loading page"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240 }}
    >
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
