import type { Grant, KoaContextWithOIDC } from 'oidc-provider';

/**
 * Consent is for third-party apps; Tagbase's own browser app never shows a consent screen.
 * This is oidc-provider's recipe for that: whenever a signed-in user authorizes the first-party client,
 * the grant (the session's existing one, or a new one) is extended with exactly what this request asks for
 * (OIDC scopes, claims and the API's scopes), so the consent prompt finds nothing missing and is skipped.
 */
export async function loadExistingGrant(
  ctx: KoaContextWithOIDC,
  firstPartyClientId: string,
): Promise<Grant | undefined> {
  const { oidc } = ctx;
  const client = oidc.client;
  const accountId = oidc.session?.accountId;
  if (!client || !accountId) return undefined;

  const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (client.clientId !== firstPartyClientId) return existing;

  // A grant of another user or client (a stale session entry) must never be reused.
  const reusable = existing && existing.accountId === accountId && existing.clientId === client.clientId;
  const grant = reusable ? existing : new oidc.provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(oidc.requestParamOIDCScopes);
  if (oidc.requestParamClaims.size > 0) grant.addOIDCClaims(oidc.requestParamClaims);
  for (const [resource, server] of Object.entries(oidc.resourceServers ?? {})) {
    grant.addResourceScope(resource, server.scope);
  }
  await grant.save();
  return grant;
}
