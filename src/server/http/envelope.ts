import { z } from 'zod';
import { MAX_INTEGER } from '../../schemas/validators';
import { AppError } from './app-error';

/** Spec §7's generic call envelope: param1 and param2 name the operation and its argument, data carries the payload. */
export const envelopeSchema = z
  .object({ param1: z.unknown().optional(), param2: z.unknown().optional(), data: z.unknown().optional() })
  .passthrough();
export type Envelope = z.infer<typeof envelopeSchema>;

/** Parses a request body with a zod schema; a mismatch is a 400 that says which property is wrong. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
  throw new AppError(
    'bad_request',
    `Invalid ${what}${where}: ${issue?.message ?? 'unexpected shape'}`,
    result.error.issues,
  );
}

/** The payload of a call that may or may not use the envelope: `data` when present, else the body itself. */
export function unwrapData(body: unknown): unknown {
  if (body && typeof body === 'object' && 'data' in body) return (body as { data: unknown }).data;
  return body;
}

/**
 * A positive record id, a JSON number or digits (a path, an old client); `what` names it in the 400
 * ("must be a request id"). Nothing else is read as a number: coercing turned true into 1 and [7] into 7.
 */
export function recordIdSchema(what: string) {
  const message = `must be a ${what} (a whole number from 1 to ${MAX_INTEGER})`;
  return z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: message })
    .pipe(z.number().int(message).positive(message).max(MAX_INTEGER, message));
}

/**
 * The record id of a "get one" call (POST /part, /bugV2, /bug), in any shape old clients sent it:
 * `{id}`, `{data: {id}}`, `{data: id}` or the envelope's `param1`.
 */
export function recordIdFromBody(body: unknown, what: string): number {
  const b = (body ?? {}) as Record<string, unknown>;
  const data = b.data;
  const candidate =
    b.id ?? (data && typeof data === 'object' ? (data as Record<string, unknown>).id : data) ?? b.param1;
  return parseBody(recordIdSchema(what), candidate, what);
}
