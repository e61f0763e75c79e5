import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode } from '../../lib/app-error';
import { AppError } from './app-error';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { dataException } from '../db/pg-error';

/** How long a client is told to wait before retrying while the database is unreachable. */
const RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE =
  'The database cannot be reached right now, so this request was not carried out. Try again in a few seconds.';

/**
 * The one place errors become responses. 4xx bodies say what was wrong;
 * 5xx bodies say only that something failed, with the request id to find it in the logs.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const badValue = error instanceof AppError ? undefined : dataException(error);
    const body: ErrorBody = badValue
      ? {
          error: 'bad_request',
          message: `The database could not use a value in the request: ${badValue.message ?? 'invalid value'}.`,
        }
      : toBody(error, request);
    body.requestId = request.id;
    const status = badValue ? 400 : error instanceof AppError ? error.status : (error.statusCode ?? 500);
    if (status >= 500 && isDatabaseUnavailable(error)) {
      // A lost connection fails this request only; its transaction went with the connection.
      request.log.warn({ err: error }, 'database unavailable');
      reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: 'unavailable', message: DATABASE_UNAVAILABLE, requestId: request.id });
      return;
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // An AppError's message is the server's own words (an import that found fewer rows stored than it
      // received names both numbers); anything else is not shown.
      const message =
        error instanceof AppError ? error.message : 'Something went wrong on the server. The error has been logged.';
      reply.status(500).send({ error: 'internal', message, requestId: request.id });
      return;
    }
    request.log.info({ code: body.error, message: body.message }, 'request refused');
    reply.status(status).send(body);
  });
}

/** The 404 body for a route that does not exist. */
export function notFoundBody(request: FastifyRequest): ErrorBody {
  return {
    error: 'not_found',
    message: `No route ${request.method} ${request.url.split('?')[0]}`,
    requestId: request.id,
  };
}

function toBody(error: FastifyError | AppError, request: FastifyRequest): ErrorBody {
  if (error instanceof AppError) return { error: error.code, message: error.message, details: error.details };
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = request.routeOptions.bodyLimit;
    const setting = limit === request.server.initialConfig.bodyLimit ? ' (BODY_LIMIT_BYTES)' : '';
    return {
      error: 'payload_too_large',
      message: `A request body here may be at most ${mebibytes(limit)}${setting}; this one is larger.`,
    };
  }
  if (error.validation)
    return { error: 'validation_failed', message: `Invalid request: ${error.message}`, details: error.validation };
  const status = error.statusCode ?? 500;
  const code: ErrorCode =
    status === 413
      ? 'payload_too_large'
      : status === 415
        ? 'unsupported_media_type'
        : status === 408
          ? 'request_timeout'
          : status === 429
            ? 'rate_limited'
            : status === 404
              ? 'not_found'
              : status === 401
                ? 'unauthenticated'
                : status === 403
                  ? 'forbidden'
                  : 'bad_request';
  return { error: code, message: error.message };
}

function mebibytes(bytes: number): string {
  return bytes >= 1048576
    ? `${(bytes / 1048576).toLocaleString('en-US', { maximumFractionDigits: 1 })} MiB`
    : `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KiB`;
}
