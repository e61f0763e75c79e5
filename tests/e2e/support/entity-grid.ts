import { expect, type Locator, type Page } from '@playwright/test';

/** A unique tag per test, put in the names of the rows a test creates, so tests never share rows. */
export function uniqueTag(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

type Row = Record<string, unknown> & { id: number; version: number };

/**
 * Calls the API from inside the signed-in page, as the app does: the access token the SDK keeps in
 * localStorage, and the XSRF cookie echoed in X-XSRF-TOKEN for writes. Answers status and JSON body.
 */
export async function callApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      let token: string | undefined;
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        if (!key.startsWith('@@auth0spajs@@')) continue;
        const entry = JSON.parse(localStorage.getItem(key) ?? '{}') as { body?: { access_token?: string } };
        if (entry.body?.access_token) token = entry.body.access_token;
      }
      if (!token) throw new Error('No access token in localStorage: sign in first');
      const send = async () => {
        // A write needs this user's XSRF cookie, which any signed-in read sets: right after sign-in the app's
        // own first reads may not have come back yet, so read once ourselves (the test raced them before).
        if (method !== 'GET') await fetch('/api/me', { headers: { Authorization: `Bearer ${token}` } });
        const xsrf = document.cookie
          .split(';')
          .map((c) => c.trim().split('='))
          .find(([k]) => k === 'XSRF-TOKEN')?.[1];
        const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
        if (body !== undefined) headers['Content-Type'] = 'application/json';
        if (xsrf && method !== 'GET') headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
        const response = await fetch(path, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
      };
      // One of the app's own first reads, sent before sign-in finished, may come back after ours and set the
      // cookie again (for no user): the write is refused, and the app itself would read and send again (its
      // XSRF fallback). So does the test, at most twice; any other answer is returned as it came.
      for (let attempt = 0; ; attempt++) {
        const answer = await send();
        const refusal = answer.body as { error?: string } | undefined;
        if (answer.status !== 403 || refusal?.error !== 'xsrf_mismatch' || attempt === 2) return answer;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    { method, path, body },
  );
}

/** Creates rows through the batch API (what another user's save does); answers the stored rows in order. */
export async function createRows(page: Page, entity: string, rows: Record<string, unknown>[]): Promise<Row[]> {
  const response = await callApi<{ created: (Row & { clientKey: string })[] }>(
    page,
    'POST',
    `/api/entities/${entity}/batch`,
    {
      creates: rows.map((values, i) => ({ clientKey: `e2e-${i}`, values })),
    },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return rows.map((_, i) => response.body.created.find((r) => r.clientKey === `e2e-${i}`)!);
}

/** A new test project made through the API (as POST /projects-new makes one for a user), named "E2E <label> <unique tag>"; answers its id. */
export async function createTestProject(page: Page, label: string): Promise<number> {
  const created = await callApi<{ id: number }>(page, 'POST', '/api/projects-new', {
    name: `E2E ${label} ${uniqueTag(label).toUpperCase()}`,
    is_testdata: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.id;
}

/** A figure of the project document's roll-up strip (a group named by its label). */
export function rollupStat(page: Page, label: string): Locator {
  return page.getByRole('group', { name: label, exact: true }).getByTestId('stat-value');
}

/** The stored rows whose quick search matches `q`, sorted by `sortField`. */
export async function listRows(page: Page, entity: string, q: string, sortField = 'id'): Promise<Row[]> {
  const response = await callApi<{ rows: Row[] }>(
    page,
    'GET',
    `/api/entities/${entity}?q=${encodeURIComponent(q)}&sort=${sortField}:asc&limit=1000`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.rows;
}

/** Someone else updates a row (a second user, here through the API): its version moves on. */
export async function updateRow(page: Page, entity: string, row: Row, changes: Record<string, unknown>): Promise<void> {
  const response = await callApi(page, 'POST', `/api/entities/${entity}/batch`, {
    updates: [{ id: row.id, version: row.version, changes }],
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** The grid region (by CSS, not role: it stays reachable while a modal dialog hides the page from the a11y tree). */
export function grid(page: Page, labelPlural: string): Locator {
  return page.locator(`[role="region"][aria-label="${labelPlural} grid"]`);
}

/** Opens a list screen and narrows it, with the global search box, to the rows carrying `tag`. */
/** `heading`: the page's title where it differs from the list's name (the sidebar's 'LithiumProjects'). */
export async function openList(
  page: Page,
  path: string,
  labelPlural: string,
  tag: string,
  expectedRows: number,
  heading = labelPlural,
): Promise<Locator> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Global search' }).fill(tag);
  const g = grid(page, labelPlural);
  await expect(page.getByText(`${expectedRows} ${expectedRows === 1 ? 'row' : 'rows'}`, { exact: true })).toBeVisible();
  await expect(g.locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(expectedRows);
  return g;
}

/** The row ids of the first two rows the grid shows, in their displayed order (once both are shown). */
export async function firstTwoRowIds(g: Locator): Promise<[string, string]> {
  const rowAt = (index: number) => g.locator(`.ag-grid-scrolling-container .ag-row[row-index="${index}"]`);
  await expect(rowAt(1)).toBeVisible();
  return [(await rowAt(0).getAttribute('row-id'))!, (await rowAt(1).getAttribute('row-id'))!];
}

/**
 * Runs `steps` on a CPU slowed 6 times, as on a busy machine (CI): keys typed while a cell editor opens
 * arrive before its input has focus. The CPU is back to full speed afterwards, also when a step fails.
 */
export async function onSlowCpu(page: Page, steps: () => Promise<void>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  try {
    await steps();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

/** The cell of a row (by its id, or the grid's key of a new row) and a field. */
export function cell(g: Locator, rowKey: string | number, field: string): Locator {
  return g.locator(`.ag-row[row-id="${rowKey}"] .ag-cell[col-id="${field}"]`);
}

/** The key of the new row Add row put at the top of the grid. */
export async function newRowKey(g: Locator): Promise<string> {
  const row = g.locator('.ag-grid-scrolling-container .ag-row.tb-row-new[row-index="0"]');
  await expect(row).toHaveCount(1);
  return (await row.getAttribute('row-id'))!;
}

/** The row status cell (New / Changed / Deleted, and the row's messages in its tooltip). */
export function statusCell(g: Locator, rowKey: string | number): Locator {
  return cell(g, rowKey, '__status');
}

/** Types a value into a text cell as a user does: double-click, select all, type, Enter. */
export async function typeInCell(g: Locator, rowKey: string | number, field: string, text: string): Promise<void> {
  const target = cell(g, rowKey, field);
  await target.dblclick();
  const input = target.locator('input');
  await expect(input).toBeFocused();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(text);
  await input.press('Enter');
  await expect(target.locator('input')).toHaveCount(0);
}

/** The pending-changes summary in the grid toolbar. */
export function pendingSummary(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /unsaved changes|pending changes?/ });
}

/** Puts text on the system clipboard and pastes it with Ctrl+V on the focused cell, as from Excel. */
export async function pasteText(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+v');
}
