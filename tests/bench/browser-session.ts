import { chromium, type Browser, type Page } from '@playwright/test';
import type { ImportResponse, ListResponse, LookupOption } from '../../src/lib/entity-api';

/**
 * A signed-in Chromium page on the bench server, and the same user's API access from Node (bearer
 * token from the SPA's token cache, XSRF cookie echoed in X-XSRF-TOKEN, as src/app/api/api-client.ts does).
 */
export type BenchSession = {
  browser: Browser;
  page: Page;
  api: <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;
};

/**
 * Long frames, recorded from the first script on every page: long animation frames where Chromium has
 * them (else long tasks), with the scripts that ran longest in them. A string, not a function, so the
 * TypeScript runner's helpers never end up in the page.
 */
const FRAME_OBSERVER = `
window.__tbFrames = [];
window.__tbFrameType = 'none';
try {
  const type = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame') ? 'long-animation-frame' : 'longtask';
  window.__tbFrameType = type;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const scripts = (e.scripts || []).slice().sort((a, b) => b.duration - a.duration).slice(0, 3)
        .map((s) => Math.round(s.duration) + ' ms ' + (s.sourceFunctionName || s.invoker || '?') + ' @ ' + String(s.sourceURL || '').split('/').pop() + ':' + s.sourceCharPosition);
      window.__tbFrames.push({ start: e.startTime, duration: e.duration, blocking: e.blockingDuration || 0, scripts });
    }
  }).observe({ type, buffered: true });
} catch (e) {
  window.__tbFrameType = 'unsupported: ' + e;
}
`;

export type LongFrame = { start: number; duration: number; blocking: number; scripts: string[] };

/** The long frames recorded since `since` (page clock, ms). */
export async function longFramesSince(page: Page, since: number): Promise<{ type: string; frames: LongFrame[] }> {
  return page.evaluate(
    `({ type: window.__tbFrameType, frames: window.__tbFrames.filter((f) => f.start + f.duration >= ${since}) })`,
  );
}

export async function openSession(baseUrl: string, username: string, password: string): Promise<BenchSession> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 860 } });
    await context.addInitScript({ content: FRAME_OBSERVER });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).first().click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/home\/dashboard$/);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    const tokenOf = async (): Promise<string> => {
      const token = await page.evaluate(`(() => {
        for (let i = 0; i < localStorage.length; i++) {
          try {
            const entry = JSON.parse(localStorage.getItem(localStorage.key(i)) || 'null');
            if (entry && entry.body && entry.body.access_token) return entry.body.access_token;
          } catch (e) { /* not JSON */ }
        }
        return null;
      })()`);
      if (typeof token !== 'string') throw new Error('no access token in the signed-in page');
      return token;
    };
    const token = await tokenOf();
    // Any signed-in read sets the XSRF cookie; the app's own first reads may not have come back yet on a busy machine.
    let xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
    if (!xsrf) {
      await page.evaluate(`fetch('/api/me', { headers: { Authorization: 'Bearer ${token}' } })`);
      xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
    }
    if (!xsrf) throw new Error('no XSRF-TOKEN cookie after sign-in');

    const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Cookie: `XSRF-TOKEN=${xsrf}` };
      if (init.method && init.method !== 'GET') headers['X-XSRF-TOKEN'] = xsrf;
      if (init.body !== undefined) headers['Content-Type'] = 'application/json';
      const request = () =>
        fetch(`${baseUrl}${path}`, {
          method: init.method ?? 'GET',
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
      // A kept-alive socket can be closed by the server just as a request goes out ('other side closed'):
      // the request is sent again on a new one. Safe here: imports in mode 0 skip rows already added.
      let response: Response;
      for (let attempt = 1; ; attempt++) {
        try {
          response = await request();
          break;
        } catch (error) {
          if (attempt >= 3) throw error;
          console.log(`    ${init.method ?? 'GET'} ${path}: ${String((error as Error).cause ?? error)}; sending again`);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      const text = await response.text();
      if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text.slice(0, 500)}`);
      return JSON.parse(text) as T;
    };
    return { browser, page, api };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

export const rowCount = async (session: BenchSession, entity: string): Promise<number> =>
  (await session.api<ListResponse>(`/api/entities/${entity}?limit=1`)).total;

export async function currencyId(session: BenchSession, code: string): Promise<number> {
  const options = await session.api<LookupOption[]>(`/api/entities/currencies/options?q=${code}&limit=20`);
  const found = options.find((o) => o.label === code);
  if (!found) throw new Error(`currency ${code} not found (${JSON.stringify(options)})`);
  return found.id;
}

/** Writes rows through POST /api/entities/:entity/import (mode 0) in chunks that stay under the body limit. */
export async function importThroughApi(
  session: BenchSession,
  entity: string,
  rows: Record<string, unknown>[],
  chunk = 5000,
): Promise<ImportResponse> {
  const totals: ImportResponse = {
    mode: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    restored: 0,
    softDeleted: 0,
    received: 0,
    stored: 0,
  };
  for (let i = 0; i < rows.length; i += chunk) {
    const result = await session.api<ImportResponse>(`/api/entities/${entity}/import`, {
      method: 'POST',
      body: { mode: 0, rows: rows.slice(i, i + chunk) },
    });
    totals.added += result.added;
    totals.updated += result.updated;
    totals.unchanged += result.unchanged;
    totals.skipped += result.skipped;
    totals.received += result.received;
    totals.stored += result.stored;
  }
  return totals;
}
