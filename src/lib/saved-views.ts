/**
 * Saved views of a grid (#30 item 4): the contract of /api/views, shared by the server and the browser.
 * A view is one list's filters, sort and column layout, saved by name by one user; shared, everyone who
 * can see the list reads it. A list kept per document (a project's instruments) keeps its views per
 * document: `scope` is that document's id.
 */

/** One column as a view keeps it: where it is (the array's order), how wide, hidden, pinned. */
export type ViewColumn = { colId: string; width?: number; hide?: boolean; pinned?: 'left' | 'right' | null };

/** One sorted column, in sort order (the first sorts first). */
export type ViewSort = { colId: string; sort: 'asc' | 'desc' };

/**
 * One column's filter as the grid holds it (AG Grid's filter model, the grid's own set filter included):
 * kept as the grid gives it, so the view restores the very filter the user set, its popup included.
 */
export type ViewFilterModel = {
  filterType?: 'text' | 'number' | 'date' | 'set';
  type?: string;
  filter?: string | number | null;
  filterTo?: string | number | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  values?: (string | number | boolean | null)[];
  operator?: 'AND' | 'OR';
  conditions?: ViewFilterModel[];
};

export type ViewState = {
  columns: ViewColumn[];
  sort: ViewSort[];
  /** Column id -> its filter; an empty object: no filter. */
  filter: Record<string, ViewFilterModel>;
};

/** GET /api/views, GET /api/views/:id, and the answer of every write. */
export type SavedView = {
  id: number;
  /** The list: its entity's name (e.g. 'instruments'). */
  list: string;
  /** The document whose rows the list shows (a project's id), null for a whole list. */
  scope: number | null;
  name: string;
  ownerName: string;
  shared: boolean;
  /** The caller made it. */
  mine: boolean;
  /** The caller may change, share, unshare and delete it: its owner, or an admin (a shared view). */
  canChange: boolean;
  state: ViewState;
  createdAt: string;
  updatedAt: string;
};

/** POST /api/views. */
export type CreateViewBody = { list: string; scope?: number | null; name: string; shared?: boolean; state: ViewState };

/** PATCH /api/views/:id: any of these. */
export type UpdateViewBody = { name?: string; shared?: boolean; state?: ViewState };

export const VIEW_NAME_MAX = 80;

/** The address parameter naming a view: `?view=<id>` opens the list in that view. */
export const VIEW_PARAM = 'view';
