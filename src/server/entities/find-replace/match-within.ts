import vm from 'node:vm';
import { AppError } from '../../http/app-error';

/** How long one page of a scan may take to match: 5,000 rows take milliseconds with any sane pattern. */
export const PAGE_MATCH_MS = 3_000;

const context = vm.createContext({}) as { run?: () => unknown };
const script = new vm.Script('run()');

/**
 * Runs one page's matching under a deadline. A regular expression that backtracks without end (`(a+)+$` on a
 * long run of a's) would hold the server's one thread for minutes, and so every user's requests with it; the
 * find text's 500-character limit does not prevent that. vm's timeout has V8 stop whatever runs at the deadline
 * (a watchdog thread, ~0.2 ms a call: one call a page), and the request is refused with a 400.
 */
export function matchWithin<T>(run: () => T, ms = PAGE_MATCH_MS): T {
  context.run = run;
  try {
    return script.runInContext(context, { timeout: ms }) as T;
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
    throw new AppError(
      'bad_request',
      `Searching took too long (over ${ms / 1000} s for one page of the list): simplify the regular expression. A repeated group inside a repetition, like (a+)+, can take forever on some texts.`,
    );
  } finally {
    delete context.run;
  }
}
