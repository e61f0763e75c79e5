import type { IconName } from './icons';

// Copy states what Tagbase is built to do; figures are product facts or labelled design goals, never metrics.

export type Card = {
  icon: IconName;
  title: string;
  text: string;
};

export const FEATURES: Card[] = [
  {
    icon: 'grid',
    title: 'Equipment lists and instrument indexes',
    text: 'Keep thousands of tagged rows in one editable grid. Sort, filter and bulk-edit the way you would in a spreadsheet, without the copies.',
  },
  {
    icon: 'coins',
    title: 'Quotes in many currencies',
    text: 'Record each supplier quote in the currency it was given in, next to the items and package it prices.',
  },
  {
    icon: 'package',
    title: 'Procurement packages',
    text: 'Group equipment into packages and follow each one from specification through quotes to award.',
  },
  {
    icon: 'scale',
    title: 'Bid adjudications',
    text: 'Compare the bids for a package and keep the adjudication, and the reasoning behind it, with the project.',
  },
  {
    icon: 'chart',
    title: 'CAPEX analysis',
    text: 'Build capital cost estimates from the equipment and quote data the project already holds.',
  },
  {
    icon: 'sheet',
    title: 'Excel round trip',
    text: 'Import the spreadsheets you run on today and export any list back to Excel when someone needs a file.',
  },
];

export type ModuleGroup = {
  title: string;
  modules: Card[];
};

export const MODULE_GROUPS: ModuleGroup[] = [
  {
    title: 'Engineering',
    modules: [
      { icon: 'diagram', title: 'Projects', text: 'Instruments, mechanical equipment, P&IDs and PFDs per project.' },
      {
        icon: 'list',
        title: 'Parts and ME lists',
        text: 'Parts and mechanical equipment lists built for bulk editing.',
      },
      { icon: 'flask', title: 'Lithium projects', text: 'A dedicated workspace for lithium project data.' },
      { icon: 'layers', title: 'Item categories', text: 'A 3-tier category tree that classifies every item.' },
    ],
  },
  {
    title: 'Procurement',
    modules: [
      { icon: 'package', title: 'Packages', text: 'Procurement packages and their scope.' },
      { icon: 'coins', title: 'Quotes', text: 'Supplier quotes in multiple currencies.' },
      { icon: 'truck', title: 'Suppliers', text: 'The vendors you request quotes from.' },
      { icon: 'scale', title: 'Adjudications', text: 'Bid comparisons and award decisions.' },
    ],
  },
  {
    title: 'Commercial',
    modules: [
      { icon: 'users', title: 'Clients', text: 'The owners and operators you work for.' },
      { icon: 'file', title: 'Proposals', text: 'Proposals prepared for clients.' },
      { icon: 'chart', title: 'CAPEX analysis', text: 'Capital cost estimates and their breakdown.' },
      { icon: 'calendar', title: 'Meetings', text: 'Meeting records kept with the project.' },
    ],
  },
  {
    title: 'Data and administration',
    modules: [
      { icon: 'sheet', title: 'Excel import and export', text: 'Round trip any list through Excel.' },
      { icon: 'history', title: 'Audit trail', text: 'Every field change, who made it and when.' },
      { icon: 'message', title: 'Request tracker', text: 'Bugs and feature requests for the dev team.' },
      { icon: 'sliders', title: 'Reference tables', text: 'Lookup tables maintained by admins.' },
      { icon: 'wrench', title: 'Housekeeping', text: 'Maintenance tasks that keep the data tidy.' },
    ],
  },
];

export const CAPABILITIES: Card[] = [
  {
    icon: 'grid',
    title: 'Schema-driven editable grid',
    text: 'Every list is described by a schema that sets its columns and editors, so all of them behave the same way.',
  },
  {
    icon: 'bolt',
    title: 'Built for large lists',
    text: 'Designed so that lists of 20,000 rows can be edited directly in the browser.',
  },
  {
    icon: 'history',
    title: 'Audit trail',
    text: 'Each field change is recorded, so a value can always be traced back to the change that set it.',
  },
  {
    icon: 'shield',
    title: 'Role-based access',
    text: 'Viewers read, engineers edit, admins also maintain the reference tables.',
  },
  {
    icon: 'sliders',
    title: 'Reference tables',
    text: 'Admins keep the lookup tables behind the lists in one place instead of in every workbook.',
  },
  {
    icon: 'layers',
    title: '3-tier item categories',
    text: 'Items are classified in a three-level hierarchy used consistently across modules.',
  },
];

export type Stat = {
  figure: string;
  label: string;
  note: string;
};

export const STATS: Stat[] = [
  { figure: '15+', label: 'Integrated Modules', note: 'From projects and quotes to CAPEX analysis and housekeeping.' },
  { figure: '3', label: 'Access roles', note: 'Viewer, engineer and admin.' },
  { figure: '3', label: 'Category tiers', note: 'One item hierarchy shared by every module.' },
  { figure: '2', label: 'Database options', note: 'Embedded PGlite by default, or a PostgreSQL server.' },
  { figure: '20,000', label: 'Rows per list', note: 'Design goal for lists edited in the browser.' },
];

export const TECHNOLOGY: Card[] = [
  { icon: 'code', title: 'React and TypeScript', text: 'A typed single-page application.' },
  { icon: 'grid', title: 'AG Grid', text: 'The editable grid behind every list.' },
  { icon: 'database', title: 'PostgreSQL', text: 'Embedded PGlite by default, or your own PostgreSQL server.' },
  { icon: 'key', title: 'OpenID Connect', text: 'Sign-in through Auth0 or the embedded identity provider.' },
  { icon: 'sheet', title: 'SheetJS', text: 'Reads and writes Excel workbooks.' },
];

export const ADVANTAGES: Card[] = [
  {
    icon: 'database',
    title: 'One source of truth',
    text: 'One shared list instead of copies of a workbook passed around by email.',
  },
  { icon: 'history', title: 'Changes you can trace', text: 'The audit trail shows who changed a value and when.' },
  {
    icon: 'sliders',
    title: 'Consistent reference data',
    text: 'Lookups come from admin-maintained tables, not from each file.',
  },
  {
    icon: 'shield',
    title: 'Access that fits the role',
    text: 'Edit rights follow the role, not whoever has the file open.',
  },
  {
    icon: 'sheet',
    title: 'Excel still works',
    text: 'Import and export keep clients and suppliers on the files they expect.',
  },
];
