import type { ColumnFilter, SortSpec } from './entity-api';

/**
 * Find and replace over a list's cells, as the cells read (a lookup by its label, an enum by its label): the
 * matcher both sides run (the grid over the rows it holds, the server over a whole view read in blocks), the
 * change a plan lists, and the contract of POST /api/entities/:entity/find-replace. The planner that reads a
 * replaced text by its field is src/schemas/find-replace-plan.ts (it needs the fields; src/lib imports none).
 */

export type FindOptions = { matchCase: boolean; wholeCell: boolean; regex: boolean };

/** A find text made into the matcher the options ask for; an invalid regular expression is an error to show. */
export type Matcher =
  | { ok: true; test: (text: string) => boolean; replace: (text: string, by: string) => string }
  | { ok: false; error: string };

export function matcherOf(find: string, { matchCase, wholeCell, regex }: FindOptions): Matcher {
  if (find === '') return { ok: false, error: 'Type what to find' };
  let source = regex ? find : find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (wholeCell) source = `^(?:${source})$`;
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, matchCase ? 'g' : 'gi');
  } catch (error) {
    return { ok: false, error: `Not a regular expression: ${(error as Error).message}` };
  }
  return {
    ok: true,
    test: (text) => {
      pattern.lastIndex = 0;
      return pattern.test(text);
    },
    // A plain find's replacement is literal ("$1" stays "$1"); a regular expression's may name its groups.
    replace: (text, by) => (regex ? text.replace(pattern, by) : text.replace(pattern, () => by)),
  };
}

/** A row to search: its key, the words that name it in the preview (its tag), its values as the grid shows them. */
export type FindRow = { key: string; label: string; values: Readonly<Record<string, unknown>>; readOnly?: boolean };

export type FindChange = {
  rowKey: string;
  rowLabel: string;
  field: string;
  fieldLabel: string;
  before: string;
  after: string;
  value: unknown;
  error?: string;
};

export type FindResult = { matches: number; changes: FindChange[]; skipped: number };

/*
 * POST /api/entities/:entity/find-replace: find and replace over a whole view on the server, for a list read
 * in blocks (src/grids/large-list/), whose rows the browser does not all hold. The server reads the view as
 * the list route does (filters, sort, q), in its order, and plans with the same matcher and planner as the
 * grid (src/schemas/find-replace-plan.ts).
 */

export type FindReplaceMode = 'count' | 'next' | 'preview' | 'apply';

/** Where a find's terms are searched (ColumnFilter, SortSpec: the list route's, src/lib/entity-api.ts). */
export type FindReplaceRequest = {
  /** The view, exactly as the list route takes them: a project's list is narrowed by its project_id filter. */
  filters?: ColumnFilter[];
  sort?: SortSpec[];
  q?: string;
  /** A window of the view's rows (the "selection" scope: its first row's index and row count); default all rows. */
  offset?: number;
  limit?: number;
  /** The columns searched, in screen order (an unknown name is a 400). */
  fields: string[];
  find: string;
  matchCase: boolean;
  wholeCell: boolean;
  regex: boolean;
  mode: FindReplaceMode;
  /** Required for preview and apply. */
  replaceWith?: string;
  /** 'next': start after this cell (index: the row's position in the view; field null: before the row's first); wraps round once. */
  from?: { index: number; field: string | null };
  /** 'apply': the digest its preview answered; a plan made now that differs is a 409. */
  planDigest?: string;
  /** 'apply': write although rows have warnings (else a 422 'warnings_to_confirm', as a batch save answers). */
  acceptWarnings?: boolean;
};

/** How many changes a preview lists (all are counted). */
export const FIND_PREVIEW_LISTED = 1000;
/** A find text's length at most (a page's matching on the server also has a deadline: match-within.ts). */
export const FIND_TEXT_MAX = 500;

/** A replace planned over a view, as a preview answers it (and the server's plan counts it before apply). */
export type FindPreviewFigures = {
  matches: number;
  skipped: number;
  /** Every planned change, unreadable ones included. */
  changes: number;
  unreadable: number;
  /** The first FIND_PREVIEW_LISTED changes, unreadable ones included (with error); rowKey = String(id). */
  listed: FindChange[];
  planDigest: string;
};

export type FindReplaceResponse =
  /** rows: the rows scanned. */
  | { mode: 'count'; matches: number; rows: number }
  | { mode: 'next'; found: { index: number; id: number; field: string; label: string } | null }
  | ({ mode: 'preview' } & FindPreviewFigures)
  /** changed: cells written; rows: rows written; unreadable: cells left as they are. */
  | { mode: 'apply'; changed: number; rows: number; unreadable: number };
