import { apiRoutes } from '../lib/api-routes';
/** What the server hands the browser at run time (GET /api/config), so one build serves any tenant. */
export type RuntimeConfig = {
  auth: { domain: string; clientId: string; audience: string; mode: 'embedded' | 'auth0' };
  /** Where a failed sign-in callback lands; the root when unset. */
  callbackErrorPath: string;
};

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(apiRoutes.config(), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}
