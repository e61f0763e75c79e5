import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { AuthSettings } from '../config';
import { AppError } from '../http/app-error';
import type { SignedInUser } from '../../lib/signed-in-user';
import { isRole } from './roles';

/** The signed-in user as the API knows them; also the answer of GET /api/me. */
export type AuthUser = SignedInUser;

export const NAME_CLAIM = 'https://tagbase.app/name';

/**
 * Checks an access token: RS256 signature from the provider's JWKS, issuer, audience, expiry.
 * The embedded provider's keys are read locally; an external tenant's are fetched and cached by jose.
 */
export function createTokenVerifier(
  settings: AuthSettings,
  localJwks?: JSONWebKeySet,
): (token: string) => Promise<AuthUser> {
  const keys = localJwks ? createLocalJWKSet(localJwks) : createRemoteJWKSet(new URL(settings.jwksUrl));
  return async (token) => {
    let payload: JWTPayload;
    try {
      // exp is required: a token without one would be good forever.
      ({ payload } = await jwtVerify(token, keys, {
        issuer: settings.issuer,
        audience: settings.audience,
        algorithms: ['RS256'],
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      throw new AppError('unauthenticated', describe(error));
    }
    if (!payload.sub) throw new AppError('unauthenticated', 'The access token names no subject.');
    const rawRoles = payload[settings.rolesClaim];
    const roles = Array.isArray(rawRoles) ? rawRoles.filter(isRole) : [];
    const name = typeof payload[NAME_CLAIM] === 'string' ? (payload[NAME_CLAIM] as string) : payload.sub;
    return { sub: payload.sub, name, roles };
  };
}

function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The access token has expired. Sign in again.';
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'exp')
    return 'The access token has no expiry (exp). Sign in again.';
  if (error instanceof errors.JWTClaimValidationFailed)
    return `The access token was not issued for this API (${error.claim} does not match).`;
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey)
    return 'The access token signature is not valid.';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The access token uses an algorithm this API does not accept.';
  return 'The access token is not valid.';
}
