import { AllCommunityModule, ModuleRegistry, themeQuartz } from 'ag-grid-community';

/**
 * AG Grid Community only (no enterprise modules). Registering is idempotent but we guard it anyway so
 * the module list is set once per page, whichever grid mounts first.
 */
let registered = false;
export function ensureAgGridModules(): void {
  if (registered) return;
  ModuleRegistry.registerModules([AllCommunityModule]);
  registered = true;
}

/** Compact Quartz matching the MUI theme (primary #0f4c81, 13 px Inter): power users want density. */
export const gridTheme = themeQuartz.withParams({
  accentColor: '#0f4c81',
  fontFamily: "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  fontSize: 12,
  headerFontSize: 12,
  spacing: 5,
  rowHeight: 28,
  headerHeight: 32,
  borderColor: '#dde3ea',
  headerBackgroundColor: '#f4f6f9',
  wrapperBorderRadius: 4,
});
