import type { AppIconName } from './icons';

/**
 * The one table of the workbench's paths and sidebar entries (spec §2). Every link in the shell is
 * built from here so a path is spelled once. Icons are named, not imported: this file is read by the
 * feature manifests at start-up (src/modules.ts), and the icon components load with the workbench.
 */

const general = (segment: string) => `/home/general/${segment}`;

export const paths = {
  landing: '/',
  home: '/home',
  dashboard: '/home/dashboard',
  icons: '/home/icons',
  admin: '/home/admin',
  demos: '/home/demos',
  profile: '/general/profile',
  appUpdates: general('appupdates'),
  newQuote: general('quote/0'),
  newProposal: general('theproposal/0'),
  newPart: general('thepart/0'),
  newProject: general('projectdetail/0/1'),
  meetings: general('meetinglist'),
  clients: general('clientlist'),
  suppliers: general('supplierlist'),
  newMeeting: general('meeting/0'),
  packages: general('packagelist'),
  newPackage: general('package/0'),
  adjudications: general('adjudicationlist'),
  newAdjudication: general('adjudication/0'),
  newDutySheet: general('dutysheet/0'),
  quotesV2: general('quotelist1'),
  quotesV1: general('quotes1'),
  projects: general('projectlist'),
  proposals: general('proposallist'),
  capex: general('capex'),
} as const;

/** A duty sheet's document (field guide §13); id 0 is a new sheet. */
export function dutySheetPath(id: number): string {
  return general(`dutysheet/${id}`);
}

/** A document's id from its address: digits (0 for a new document), else undefined (the page says so). */
export function documentIdFromParam(param: string | undefined): number | undefined {
  return param !== undefined && /^\d{1,9}$/.test(param) ? Number(param) : undefined;
}

/** A project's document on one of its tabs (a slug such as 'areas'); id 0 is a new project. */
export function projectDocumentPath(id: number, tab: string): string {
  return general(`projectdetail/${id}/${tab}`);
}

/** A meeting's document (its header and minutes); id 0 is a new meeting. */
export function meetingPath(id: number): string {
  return general(`meeting/${id}`);
}

/** The Meetings screen on its overdue actions by owner. */
export const overdueActionsPath = `${paths.meetings}?view=overdue`;

/** A proposal's document (spec theproposal/{id}); id 0 is a new proposal. */
export function proposalPath(id: number): string {
  return general(`theproposal/${id}`);
}

/** A row of a project's list: its tab, where the row is opened (`?open=`, read by the list's grid). */
export function projectRowPath(id: number, tab: string, rowId: number): string {
  return `${projectDocumentPath(id, tab)}?open=${rowId}`;
}

/** A row of a list screen (clients, suppliers), opened in its form (`?open=`, read by the list's grid). */
export function listRowPath(listPath: string, rowId: number): string {
  return `${listPath}?open=${rowId}`;
}

/** A quote's document (0: a new quote). */
export function quotePath(id: number): string {
  return general(`quote/${id}`);
}

/** A project's CAPEX (field guide §14): figures by category and area, drill-down to tags and quotes, charts. */
export function capexPath(projectId: number): string {
  return general(`capex/${projectId}`);
}

/** A package's document: its scope, bidders with their bid completeness, and the quotes against it (0: a new package). */
export function packagePath(id: number): string {
  return general(`package/${id}`);
}

/** An adjudication's document: its bid tab, bidders, adders and rates (0: a new adjudication). */
export function adjudicationPath(id: number): string {
  return general(`adjudication/${id}`);
}

/** A part's document: the part, its quotes and their statistics (0: a new part). */
export function partPath(id: number): string {
  return general(`thepart/${id}`);
}

/** A drawing's own page in a project's document (`kind`: 'pids' or 'pfds', also its tab's slug). */
export function projectDrawingPath(id: number, kind: string, drawingId: number): string {
  return general(`projectdetail/${id}/${kind}/${drawingId}`);
}

export type MenuEntry = {
  label: string;
  icon: AppIconName;
  /** Absent for entries that are not reachable yet (disabled). */
  path?: string;
  disabled?: boolean;
  /** Shown beside a disabled entry, e.g. 'coming soon'. */
  note?: string;
};

export type MenuSection = {
  id: 'main' | 'admin' | 'general' | 'commercial' | 'appFramework' | 'manage';
  title: string;
  /** Spec §2 marks some headers disabled; only the header is greyed, its entries stay navigable. */
  disabled?: boolean;
  entries: MenuEntry[];
};

export const menuSections: MenuSection[] = [
  { id: 'main', title: 'Main', entries: [{ label: 'Dashboard', icon: 'DashboardOutlined', path: paths.dashboard }] },
  {
    id: 'admin',
    title: 'Admin',
    entries: [
      { label: 'Updates', icon: 'NewReleasesOutlined', path: paths.appUpdates },
      { label: 'RequestsBugsV2', icon: 'BugReportOutlined', path: general('requestsbugsV2') },
    ],
  },
  {
    id: 'general',
    title: 'General',
    entries: [
      { label: 'Meetings', icon: 'EventNoteOutlined', path: paths.meetings },
      { label: 'Clients', icon: 'BusinessOutlined', path: paths.clients },
      { label: 'Suppliers', icon: 'LocalShippingOutlined', path: paths.suppliers },
      { label: 'Projects', icon: 'AccountTreeOutlined', path: general('projectlist') },
      { label: 'LithiumProjects', icon: 'BatteryChargingFullOutlined', path: general('lithiumprojectlist') },
    ],
  },
  {
    id: 'commercial',
    title: 'Commercial',
    disabled: true,
    entries: [
      { label: 'Parts & ME Lists', icon: 'PrecisionManufacturingOutlined', path: general('partslist') },
      { label: 'Proposals', icon: 'DescriptionOutlined', path: general('proposallist') },
      { label: 'ProposalsV2', icon: 'PostAddOutlined', disabled: true, note: 'coming soon' },
      { label: 'QuotesV2', icon: 'RequestQuoteOutlined', path: general('quotelist1') },
      { label: 'Packages', icon: 'Inventory2Outlined', path: paths.packages },
      { label: 'Adjudications', icon: 'GavelOutlined', path: paths.adjudications },
      { label: 'CAPEX', icon: 'AssessmentOutlined', path: paths.capex },
    ],
  },
  {
    id: 'appFramework',
    title: 'App Framework',
    entries: [
      { label: 'Intro', icon: 'InfoOutlined', path: general('appintro') },
      { label: 'ItemCategories', icon: 'CategoryOutlined', path: general('app-frame-itemcategory') },
    ],
  },
  {
    id: 'manage',
    title: 'Manage',
    disabled: true,
    entries: [
      { label: 'ManageTables', icon: 'TableChartOutlined', path: general('admintables') },
      { label: 'Housekeeping', icon: 'CleaningServicesOutlined', path: general('housekeeping') },
    ],
  },
];

/** Screens reached from buttons rather than the menu (spec §2 'Other routes'); patterns are relative to /home/general. */
export const detailRoutes: {
  pattern: string;
  newPath: string;
  label: string;
  icon: AppIconName;
  /** Has its own screen (a feature's manifest routes it; no placeholder). */ built?: boolean;
}[] = [
  { pattern: 'quote/:id', newPath: paths.newQuote, label: 'Quote', icon: 'RequestQuoteOutlined', built: true },
  {
    pattern: 'thepart/:id',
    newPath: paths.newPart,
    label: 'Part',
    icon: 'PrecisionManufacturingOutlined',
    built: true,
  },
  {
    pattern: 'theproposal/:id',
    newPath: paths.newProposal,
    label: 'Proposal',
    icon: 'DescriptionOutlined',
    built: true,
  },
  {
    pattern: 'projectdetail/:id/:tab',
    newPath: paths.newProject,
    label: 'Project',
    icon: 'AccountTreeOutlined',
    built: true,
  },
  { pattern: 'meeting/:id', newPath: paths.newMeeting, label: 'Meeting', icon: 'EventNoteOutlined', built: true },
  { pattern: 'package/:id', newPath: paths.newPackage, label: 'Package', icon: 'Inventory2Outlined', built: true },
  {
    pattern: 'adjudication/:id',
    newPath: paths.newAdjudication,
    label: 'Adjudication',
    icon: 'GavelOutlined',
    built: true,
  },
  {
    pattern: 'dutysheet/:id',
    newPath: paths.newDutySheet,
    label: 'Duty sheet',
    icon: 'PrecisionManufacturingOutlined',
    built: true,
  },
];

/** The route segment under /home/general/ of a menu path, e.g. 'projectlist'. */
export function generalSegment(path: string): string | undefined {
  const prefix = '/home/general/';
  return path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
}
