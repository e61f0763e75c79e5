/**
 * What each sidebar entry holds, for the Intro page (App Framework > Intro), keyed by the entry's label in
 * src/app/paths.ts so the page's links and icons come from the one table. `entity` names the list whose row
 * count the page fetches (GET /api/entities); entries without one show no figure.
 */
export type ModuleNote = { text: string; entity?: string };

export const moduleNotes: Record<string, ModuleNote> = {
  Dashboard: {
    text: 'Figures across projects, quotes, packages and proposals, and the recent changes made by everyone (from the audit trail).',
  },
  Updates: { text: 'What changed in each release of Tagbase.' },
  RequestsBugsV2: {
    text: 'Bug reports and feature requests sent to the development team, with their status and replies. File one from Quick Links on any page.',
    entity: 'requests',
  },
  Meetings: {
    text: 'Meeting minutes as documents: attendees, items and actions with owners and due dates; open actions carry into the next meeting of a series.',
    entity: 'meetings',
  },
  Clients: {
    text: 'The companies you work for. Projects, proposals and quotes pick their client from here.',
    entity: 'clients',
  },
  Suppliers: {
    text: 'Vendors with their discipline and currency; quotes, packages and parts name them.',
    entity: 'suppliers',
  },
  Projects: {
    text: 'Each project is a document: its header (client, end user, base currency, import mode) and its lists: areas, mechanical equipment, instruments, cabling, racking, lines, streams, P&IDs and PFDs, duty sheets and issued revisions.',
    entity: 'projects',
  },
  LithiumProjects: {
    text: 'A register of lithium projects (brine, spodumene, refining) with capacity, stage and capital cost.',
    entity: 'lithium_projects',
  },
  'Parts & ME Lists': {
    text: 'The parts and equipment catalogue with list prices, each in its own currency, and the quotes received for a part.',
    entity: 'parts',
  },
  Proposals: {
    text: 'Fee proposals to clients, with their lines and their status from Draft to Won or Lost.',
    entity: 'proposals',
  },
  QuotesV2: {
    text: "Supplier quotes in any currency, converted at the rate of the project's rate date; expired quotes are flagged.",
    entity: 'quotes',
  },
  Packages: {
    text: 'Purchase packages: the equipment tags to buy, the bidders invited and how complete each bid is.',
    entity: 'packages',
  },
  Adjudications: {
    text: "Bid tabulations: bidders' prices side by side, with adders and rates, ending in an award.",
    entity: 'adjudications',
  },
  CAPEX: {
    text: "A project's capital cost by category and area, drilling down to the tags and the quotes that priced them.",
  },
  Intro: { text: 'This page.' },
  ItemCategories: {
    text: 'The three-tier item categories equipment and parts are classified by.',
    entity: 'item_categories',
  },
  ManageTables: {
    text: 'Reference lists kept by admins: currencies and rates, units, disciplines, request types and statuses.',
  },
  Housekeeping: { text: 'Admin maintenance of the database.' },
};

export type HowToStep = { title: string; points: string[] };

/** How the lists and the Excel round trip work: what the grid and the import dialog do, in the user's words. */
export const listSteps: HowToStep[] = [
  {
    title: 'Edit like a spreadsheet',
    points: [
      'Type over a cell, or paste a block copied from Excel; Ctrl+C copies cells or rows back out. Ctrl+D fills down: the cell above into the focused one, or the top ticked row into the other ticked rows.',
      'Edits stay pending (marked) until you press Save or Ctrl+S. Undo (Ctrl+Z) and Redo (Ctrl+Y) step through them; a paste is one step.',
      'A cell the rules refuse is marked with the reason, and nothing is saved until it is fixed.',
    ],
  },
  {
    title: 'Find rows',
    points: [
      'Each column has a filter; text, number and date filters run on the server, so they cover the whole list, not just the rows loaded.',
      'Home, End, Ctrl+Home and Ctrl+End move as they do in Excel. Columns can be hidden, moved and resized; the layout is kept per list.',
    ],
  },
  {
    title: 'When someone else saved first',
    points: [
      'Each row is saved against the version you loaded. If a colleague changed it meanwhile, Save shows both versions column by column.',
      'Keep mine puts your edits onto their version and saves again; otherwise reload and take theirs.',
    ],
  },
  {
    title: 'Documents',
    points: [
      'A document (a project, quote, package, meeting, proposal, duty sheet) has a header form and its lists as tabs. Rows of a project list always belong to that project.',
      'Deleting a row that others refer to is refused and names them; a project or area can be deleted with its contents after a preview of what would go.',
    ],
  },
];

export const excelSteps: HowToStep[] = [
  {
    title: '1. Export',
    points: [
      'Export to Excel writes the list as you filtered it, with the column headers Tagbase reads back. Keep this file: it is your way back.',
    ],
  },
  {
    title: '2. Edit in Excel',
    points: [
      'Add rows, change values, keep or drop columns. Headers are matched by their label, ignoring case and spaces. Numbers are read en-US: a comma only groups thousands.',
    ],
  },
  {
    title: '3. Import with a preview',
    points: [
      'Import from Excel reads the file in the browser and previews every row as it would be saved: add, update, unchanged or delete, each with its errors or warnings.',
      'The preview is a dry run on the server: the same checks as a save, nothing written. Fix the file and choose it again, or import only the valid rows and download the rejected ones with an Error column.',
    ],
  },
  {
    title: '4. Pick the mode',
    points: [
      '0 adds new rows only; 1 adds and updates existing rows, found by their key (for example the tag in the project); 2 replaces the list: rows missing from the file are deleted, and the preview lists them first; 3 updates only.',
      "In a project the mode is the project's setting (its header's Settings), so everyone importing into it works the same way.",
    ],
  },
  {
    title: '5. Conflicts and going back',
    points: [
      'The import is one transaction: all of it is saved or none. Rows whose values equal the stored ones are left alone (no change, no new version).',
      'A row the file changes is updated as it stands when you import: a value a colleague changed after your export is overwritten by the file. Export again just before a large edit.',
      'An import has no Undo button. Every change is in the audit trail, and deleted project rows are only flagged: importing your exported file again in mode 2 puts the list back as it was, restoring the rows that were deleted.',
    ],
  },
];
