import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import type { Db } from '../db/client';
import { databaseRateLimitStore } from '../http/rate-limit-store';
import { checkCredentials } from './accounts';
import { pinForwardedHeaders } from './mount-provider';
import { messagePage, signInPage } from './pages';
import { IDP_PREFIX } from './provider-config';

const WRONG_CREDENTIALS = 'Wrong username or password.';

type Deps = { provider: Provider; db: Db; publicUrl: string; attemptsPerMinute: number };
type UidParams = { Params: { uid: string } };
type LoginRequest = UidParams & { Body: { username?: unknown; password?: unknown } };

/**
 * The sign-in page oidc-provider sends users to (interactions.url), and the form post that signs them in.
 * Registered in an encapsulated scope: the form parser, rate limiter and HTML error handler stay here.
 */
export async function registerInteractionRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    // The app may already parse forms or limit rates for every route; registering either twice would throw.
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) await scope.register(formbody);
    // Counted in the database, so that every app process on it counts the same attempts.
    if (!scope.hasDecorator('rateLimit'))
      await scope.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.db) });

    scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      if (error.statusCode !== 429) throw error; // everything else: the app's error handler
      return sendHtml(
        reply.code(429),
        messagePage({
          title: 'Too many sign-in attempts',
          message: 'Please wait a minute, then go back and try again.',
          returnUrl: deps.publicUrl,
        }),
      );
    });

    scope.get<UidParams>(`${IDP_PREFIX}/interaction/:uid`, async (request, reply) => {
      const interaction = await loadInteraction(request, reply, deps);
      if (!interaction) return;
      return sendHtml(reply, signInPage({ uid: interaction.uid }));
    });

    scope.post<LoginRequest>(
      `${IDP_PREFIX}/interaction/:uid/login`,
      {
        bodyLimit: 16 * 1024,
        config: {
          rateLimit: {
            max: deps.attemptsPerMinute,
            timeWindow: '1 minute',
            errorResponseBuilder: (_request, context) =>
              Object.assign(new Error('too many sign-in attempts'), { statusCode: context.statusCode }),
          },
        },
      },
      async (request, reply) => {
        const interaction = await loadInteraction(request, reply, deps);
        if (!interaction) return;
        const username = field(request.body?.username).trim();
        const password = field(request.body?.password);
        const user = await checkCredentials(deps.db, username, password);
        if (!user) {
          request.log.info({ username }, 'sign-in refused: wrong username or password');
          return sendHtml(reply.code(401), signInPage({ uid: interaction.uid, username, error: WRONG_CREDENTIALS }));
        }
        request.log.info({ sub: user.sub }, 'signed in');
        const returnTo = await deps.provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: user.sub } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(returnTo, 303);
      },
    );
  });
}

/** The interaction this browser is in, or undefined after answering with a page that explains the dead end. */
async function loadInteraction(
  request: FastifyRequest<UidParams>,
  reply: FastifyReply,
  deps: Deps,
): Promise<Interaction | undefined> {
  pinForwardedHeaders(request, deps.publicUrl);
  let interaction: Interaction | undefined;
  try {
    interaction = await deps.provider.interactionDetails(request.raw, reply.raw);
  } catch (err) {
    if ((err as { name?: string }).name !== 'SessionNotFound') throw err;
  }
  // A different uid means an old tab of an earlier sign-in; its cookie has been replaced by a newer one.
  if (interaction?.uid === request.params.uid) {
    if (interaction.prompt.name === 'login') return interaction;
    // Consent is granted automatically (first-party-grant.ts), so no other prompt should ever get here.
    request.log.warn({ prompt: interaction.prompt.name }, 'unexpected identity provider prompt');
  }
  sendHtml(
    reply.code(400),
    messagePage({
      title: 'Sign-in expired',
      message: 'This sign-in page is no longer valid. Go back to Tagbase to sign in again.',
      returnUrl: deps.publicUrl,
    }),
  );
  return undefined;
}

function field(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 1024) : '';
}

function sendHtml(reply: FastifyReply, html: string): FastifyReply {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
