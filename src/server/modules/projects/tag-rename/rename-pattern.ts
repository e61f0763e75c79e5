import vm from 'node:vm';
import { AppError } from '../../../http/app-error';

/**
 * A rename's pattern applied to names: a literal find and replace (every occurrence within a name, as Excel's
 * Replace All within a cell) or a regular expression (every match; $1, $<name>, $& in the replacement).
 *
 * The expression is the user's, so it runs in a V8 context of its own with a time limit: a pattern with nested
 * quantifiers ((A+)+$) backtracks exponentially on a 60-character tag and would hold the server's one thread
 * for minutes. `vm`'s timeout interrupts the expression itself, which a check of the clock between names
 * could not.
 */

export const MAX_PATTERN_LENGTH = 500;
/** Far more than any pattern over a project's names needs (100,000 names: ~50 ms). */
const PATTERN_TIME_LIMIT_MS = 2_000;

export type RenamePattern = { find: string; replace: string; regex: boolean };

export function checkPattern(pattern: RenamePattern): void {
  if (pattern.find === '') throw new AppError('bad_request', 'Give the text to find.');
  if (pattern.find.length > MAX_PATTERN_LENGTH || pattern.replace.length > MAX_PATTERN_LENGTH)
    throw new AppError('bad_request', `The find and replace texts may be at most ${MAX_PATTERN_LENGTH} characters.`);
  if (!pattern.regex) return;
  try {
    new RegExp(pattern.find, 'g');
  } catch (error) {
    throw new AppError(
      'bad_request',
      `${pattern.find} is not a regular expression: ${(error as Error).message.replace(/^Invalid regular expression: /, '')}`,
    );
  }
}

const SCRIPT = new vm.Script(`
  (() => {
    const out = new Array(names.length);
    if (regex) {
      const expression = new RegExp(find, 'g');
      for (let i = 0; i < names.length; i++) out[i] = names[i].replace(expression, replace);
    } else {
      for (let i = 0; i < names.length; i++) out[i] = names[i].split(find).join(replace);
    }
    return out;
  })()
`);

/** Each name as the pattern leaves it, in order. */
export function applyPattern(pattern: RenamePattern, names: readonly string[]): string[] {
  checkPattern(pattern);
  if (names.length === 0) return [];
  const context = vm.createContext({
    names: [...names],
    find: pattern.find,
    replace: pattern.replace,
    regex: pattern.regex,
  });
  try {
    const out = SCRIPT.runInContext(context, { timeout: PATTERN_TIME_LIMIT_MS }) as unknown[];
    return Array.from(out, (name) => String(name));
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw new AppError(
        'bad_request',
        `The pattern ${pattern.find} took more than ${PATTERN_TIME_LIMIT_MS / 1000} s over the project's tags (nested repeats such as (A+)+ try every way to split a tag): write it without repeats inside repeats.`,
      );
    }
    throw error;
  }
}

/** The pattern over distinct names: old -> new for the names it changes. */
export function renamedNames(pattern: RenamePattern, names: Iterable<string>): Map<string, string> {
  const distinct = [...new Set(names)];
  const after = applyPattern(pattern, distinct);
  const renamed = new Map<string, string>();
  distinct.forEach((name, i) => {
    if (after[i] !== name) renamed.set(name, after[i] as string);
  });
  return renamed;
}
