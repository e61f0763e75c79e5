/**
 * The in-page halves of the large-project browser benchmark (browser-large-project.ts), as strings so the
 * TypeScript runner's helpers never end up in the page. Every time is the page's clock (performance.now()).
 */

const GRID = '.tb-entity-grid';
/** The first displayed row (the pinned selection column and the centre draw it with the same row-id). */
const FIRST_ROW = `${GRID} .ag-row[row-index="0"]`;

/** The grid toolbar's count: '<n> rows' once loaded, 'Loading …' before. */
const TOOLBAR_TEXT = `(() => {
  for (const el of document.querySelectorAll('[aria-live="polite"]')) {
    const text = (el.textContent || '').trim();
    if (/^[0-9,]+ rows?$/.test(text) || text.startsWith('Loading') || text.startsWith('Could not load')) return text;
  }
  return '';
})()`;

/**
 * Navigates in the app to `path` (no page reload) and resolves when the first row is drawn and when the
 * toolbar says `<total> rows` (every row loaded).
 */
export const openAndWait = (path: string, total: number, timeoutMs: number) => `new Promise((resolve, reject) => {
  const want = ${JSON.stringify(`${total.toLocaleString('en-US')} ${total === 1 ? 'row' : 'rows'}`)};
  const started = performance.now();
  let firstRowAt = null;
  window.history.pushState({}, '', ${JSON.stringify(path)});
  window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  const check = () => {
    const now = performance.now();
    if (firstRowAt === null && (document.querySelector('${FIRST_ROW}') || ${total} === 0)) firstRowAt = now;
    const text = ${TOOLBAR_TEXT};
    if (text.startsWith('Could not load')) return reject(new Error(text));
    if (firstRowAt !== null && text === want) return resolve({ started, firstRowAt, loadedAt: now });
    if (now - started > ${timeoutMs}) return reject(new Error('the tab did not show ' + want + ' (shows ' + text + ')'));
    setTimeout(check, 10);
  };
  check();
})`;

/** Starts recording requestAnimationFrame times (until stopFrames). */
export const startFrames = `(() => {
  window.__tbRaf = { times: [], on: true };
  const tick = (t) => { if (!window.__tbRaf.on) return; window.__tbRaf.times.push(t); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;

/** Stops recording; the gaps between frames over `overMs`, the longest gap and the frames seen. */
export const stopFrames = (overMs: number) => `(() => {
  window.__tbRaf.on = false;
  const t = window.__tbRaf.times;
  const gaps = [];
  for (let i = 1; i < t.length; i++) gaps.push(t[i] - t[i - 1]);
  return { frames: t.length, over: gaps.filter((g) => g > ${overMs}).length, longest: Math.round(Math.max(0, ...gaps)) };
})()`;

/**
 * Drags the vertical scroll position through the whole list in `steps` (as a fast drag of the scrollbar),
 * a frame and a short pause per step, then back to the top.
 */
export const scrollThrough = (steps: number) => `(async () => {
  const viewport = document.querySelector('${GRID} .ag-grid-viewport') || document.querySelector('${GRID} .ag-body-viewport');
  if (!viewport) throw new Error('no grid viewport');
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  for (let i = 1; i <= ${steps}; i++) {
    viewport.scrollTop = Math.round(((viewport.scrollHeight - viewport.clientHeight) * i) / ${steps});
    await frame();
    await pause(20);
  }
  viewport.scrollTop = 0;
  await frame();
  await frame();
})()`;

/** The centre of the grid's rows, for the mouse wheel; null when the tab shows no grid. */
export const gridCentre = `(() => {
  const viewport = document.querySelector('${GRID} .ag-grid-viewport') || document.querySelector('${GRID} .ag-body-viewport');
  if (!viewport) return null;
  const r = viewport.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
})()`;

/** The header columns drawn, in order (col-id). */
export const headerColumns = `[...document.querySelectorAll('${GRID} .ag-header-cell[col-id]')].map((e) => e.getAttribute('col-id'))`;

/** A cell's text in displayed row `index`. */
export const cellText = (colId: string, index: number) =>
  `((document.querySelector('${GRID} .ag-row[row-index="${index}"] .ag-cell[col-id="${colId}"]') || {}).textContent || '').trim()`;

/**
 * Runs `act` (an expression that starts the action: a header click, the filter's Apply) and resolves, frame
 * by frame, once the first row has changed (another row-id, or with `expect` the column's text in it) and
 * the toolbar says the rows are loaded; the list requests made meanwhile are counted (a project's lists are read
 * under /api/projects/:id/entities/…), and the first one's start and end are given: the time before the
 * request (the grid's block debounce), on the server, and in drawing the rows.
 */
export const actAndWaitForNewFirstRow = (
  act: string,
  timeoutMs: number,
  expect?: { colId: string; text: string },
) => `new Promise((resolve, reject) => {
  const row = () => document.querySelector('${FIRST_ROW}');
  const firstId = () => (row() || { getAttribute: () => null }).getAttribute('row-id');
  const expect = ${JSON.stringify(expect ?? null)};
  const shown = () => (expect ? ${cellText(expect?.colId ?? '', 0)} : null);
  const before = firstId();
  performance.clearResourceTimings();
  const started = performance.now();
  let changedAt = null;
  ${act};
  const check = () => {
    const now = performance.now();
    const id = firstId();
    if (changedAt === null && id !== null && (expect ? shown() === expect.text : id !== before)) changedAt = now;
    const text = ${TOOLBAR_TEXT};
    if (changedAt !== null && /^[0-9,]+ rows?$/.test(text)) {
      const lists = performance.getEntriesByType('resource').filter((e) => /\\/entities\\/[a-z_]+\\?/.test(e.name));
      const first = lists.find((e) => e.startTime >= started);
      return resolve({
        started,
        changedAt,
        doneAt: now,
        requests: lists.length,
        requestAt: first ? first.startTime : null,
        responseAt: first ? first.responseEnd : null,
        shows: text,
      });
    }
    if (now - started > ${timeoutMs}) return reject(new Error('the first row did not change (' + before + ', ' + text + ')'));
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})`;

export const clickHeader = (colId: string) =>
  `document.querySelector('${GRID} .ag-header-cell[col-id="${colId}"] .ag-header-cell-label').click()`;

export const clickApply = `[...document.querySelectorAll('.ag-popup button')].find((b) => (b.textContent || '').trim() === 'Apply').click()`;
