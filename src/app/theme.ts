import { createTheme } from '@mui/material/styles';

/** Sidebar colours live here so the rail, the drawer and the brand header agree. */
export const sidebarColors = {
  background: '#0b2a47',
  text: 'rgba(255, 255, 255, 0.82)',
  muted: 'rgba(255, 255, 255, 0.38)',
  header: 'rgba(255, 255, 255, 0.55)',
  hover: 'rgba(255, 255, 255, 0.08)',
  active: 'rgba(245, 184, 46, 0.16)',
  accent: '#f5b82e',
} as const;

export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_RAIL_WIDTH = 72;

/**
 * Dense, sober theme for power users. The breakpoints follow the spec's layout widths (§9):
 * md = 992 px (below it the mobile layout), lg = 1200 px (below it the sidebar folds).
 */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 576, md: 992, lg: 1200, xl: 1400 } },
  palette: {
    primary: { main: '#0f4c81' },
    secondary: { main: '#f5b82e' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
    text: { primary: '#1b2430', secondary: '#56606d' },
    divider: '#dde3ea',
  },
  shape: { borderRadius: 4 },
  typography: {
    fontFamily: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontSize: 13,
    h1: { fontSize: '1.5rem', fontWeight: 600 },
    h2: { fontSize: '1.3rem', fontWeight: 600 },
    h3: { fontSize: '1.15rem', fontWeight: 600 },
    h4: { fontSize: '1.05rem', fontWeight: 600 },
    h5: { fontSize: '1rem', fontWeight: 600 },
    h6: { fontSize: '0.95rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 500 },
  },
  components: {
    MuiButton: { defaultProps: { size: 'small', disableElevation: true } },
    MuiIconButton: { defaultProps: { size: 'small' } },
    MuiTextField: { defaultProps: { size: 'small' } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiList: { defaultProps: { dense: true } },
    MuiMenuItem: { defaultProps: { dense: true } },
    MuiToolbar: { defaultProps: { variant: 'dense' } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#dde3ea' } } },
    MuiTableCell: {
      styleOverrides: {
        head: { fontWeight: 600, backgroundColor: '#eef2f7', whiteSpace: 'nowrap' },
        root: { borderBottomColor: '#e6eaf0' },
      },
    },
  },
});
