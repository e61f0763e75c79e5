import { PAGE_SIZE } from '../../src/grids/use-entity-rows';
import { longFramesSince, type BenchSession } from './browser-session';

export const GRID_PATH = '/home/general/lithiumprojectlist';
const LONG_FRAME_MS = 100;

/** Navigates inside the app (as the sidebar link does: no page reload), so the screen's own load is measured. */
export const navigateInApp = (path: string) => `(() => {
  window.history.pushState({}, '', ${JSON.stringify(path)});
  window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
})()`;

/** Resolves with the page clock when the grid toolbar shows '<total> rows' (loading finished). */
export const waitForLoaded = (total: number, timeoutMs: number) => `new Promise((resolve, reject) => {
  const want = ${JSON.stringify(`${total.toLocaleString('en-US')} rows`)};
  const started = performance.now();
  const check = () => {
    for (const el of document.querySelectorAll('[aria-live="polite"]')) {
      const text = (el.textContent || '').trim();
      if (text === want) return resolve(performance.now());
      if (text.startsWith('Could not load')) return reject(new Error(text));
    }
    if (performance.now() - started > ${timeoutMs}) return reject(new Error('the grid did not show ' + want));
    setTimeout(check, 25);
  };
  check();
})`;

/**
 * Scrolls the grid's vertical viewport to the end in steps, as a fast drag of the scrollbar would, two
 * frames and a short pause per step, then checks that the last row (row-index total-1) is rendered.
 */
const scrollToEnd = (total: number, steps: number) => `(async () => {
  // AG Grid 36 scrolls rows in .ag-grid-viewport (older versions: .ag-body-viewport).
  const viewport = document.querySelector('.tb-entity-grid .ag-grid-viewport') || document.querySelector('.tb-entity-grid .ag-body-viewport');
  if (!viewport) throw new Error('no grid viewport (.ag-grid-viewport or .ag-body-viewport)');
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const started = performance.now();
  for (let i = 1; i <= ${steps}; i++) {
    const max = viewport.scrollHeight - viewport.clientHeight;
    viewport.scrollTop = Math.round((max * i) / ${steps});
    await frame();
    await frame();
    await pause(30);
  }
  const lastIndex = ${total - 1};
  let last = null;
  for (let tries = 0; tries < 200 && !last; tries++) {
    viewport.scrollTop = viewport.scrollHeight;
    await frame();
    last = document.querySelector('.tb-entity-grid .ag-row[row-index="' + lastIndex + '"]');
    if (!last) await pause(50);
  }
  const ended = performance.now();
  const pinned = document.querySelector('.tb-entity-grid [row-index="' + lastIndex + '"] [col-id="project"]');
  return { started, ended, lastRowRendered: !!last, lastRowProject: pinned ? (pinned.textContent || '').trim() : null, scrollHeight: viewport.scrollHeight };
})()`;

/** The raw JSON list fetch of the same rows, in the same pages the grid asks for, from the same page: the baseline. */
const fetchAllJson = (total: number) => `(async () => {
  let token = null;
  for (let i = 0; i < localStorage.length && !token; i++) {
    try { const e = JSON.parse(localStorage.getItem(localStorage.key(i)) || 'null'); if (e && e.body && e.body.access_token) token = e.body.access_token; } catch (e) { /* not JSON */ }
  }
  const started = performance.now();
  let rows = 0;
  for (let offset = 0; offset < ${total}; offset += ${PAGE_SIZE}) {
    const response = await fetch('/api/entities/lithium_projects?sort=project:asc,id:asc&offset=' + offset + '&limit=${PAGE_SIZE}', { headers: { Authorization: 'Bearer ' + token } });
    const body = await response.json();
    rows += body.rows.length;
  }
  return { ms: performance.now() - started, rows };
})()`;

export type GridBenchResult = Record<string, unknown> & { meetsAim: boolean };

/** Opens the grid screen on `total` rows, waits until all are loaded, scrolls to the end; counts frames over 100 ms. */
export async function benchGrid(session: BenchSession, total: number): Promise<GridBenchResult> {
  const { page } = session;
  const baseline = (await page.evaluate(fetchAllJson(total))) as { ms: number; rows: number };
  if (baseline.rows !== total) throw new Error(`baseline fetch read ${baseline.rows} rows, expected ${total}`);
  // Let the baseline's garbage and frames settle before the measured window opens.
  await page.waitForTimeout(1000);

  const t0 = (await page.evaluate('performance.now()')) as number;
  await page.evaluate(navigateInApp(GRID_PATH));
  const loadedAt = (await page.evaluate(waitForLoaded(total, 180_000))) as number;
  const loadFrames = await longFramesSince(page, t0);
  const scroll = (await page.evaluate(scrollToEnd(total, 60))) as {
    started: number;
    ended: number;
    lastRowRendered: boolean;
    lastRowProject: string | null;
    scrollHeight: number;
  };
  await page.waitForTimeout(500); // frames of the last step are reported after they end
  const { type, frames } = await longFramesSince(page, t0);
  const long = frames.filter((f) => f.duration > LONG_FRAME_MS);
  for (const f of long)
    console.log(
      `    long frame ${Math.round(f.duration)} ms at +${Math.round(f.start - t0)} ms (${f.start < loadedAt ? 'loading' : 'scrolling'}): ${f.scripts.join('; ') || 'no script attribution'}`,
    );
  const longDuringLoad = loadFrames.frames.filter((f) => f.duration > LONG_FRAME_MS).length;
  const longestFrameMs = Math.round(Math.max(0, ...frames.map((f) => f.duration)));
  return {
    name: `Browser: ${total.toLocaleString('en-US')}-row grid, load and scroll to the end (Chromium)`,
    rows: total,
    loadMs: Math.round(loadedAt - t0),
    scrollMs: Math.round(scroll.ended - scroll.started),
    longFramesOver100ms: long.length,
    longFramesDuringLoad: longDuringLoad,
    longFramesDuringScroll: long.length - longDuringLoad,
    longestFrameMs,
    frameEntryType: type,
    lastRowRendered: scroll.lastRowRendered,
    lastRowProject: scroll.lastRowProject,
    baseline: `raw JSON fetch of the same ${total.toLocaleString('en-US')} rows in pages of ${PAGE_SIZE.toLocaleString('en-US')}, same page`,
    baselineMs: Math.round(baseline.ms),
    aim: '0 frames > 100 ms; last row rendered',
    meetsAim: long.length === 0 && scroll.lastRowRendered,
  };
}
