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
