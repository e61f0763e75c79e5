import type { EntitySchema } from '../../schemas/schema-types';
import { AppError } from './app-error';
import { bodyId, optionalVersion } from './record-id';

/**
 * Reading the bodies of the spec's legacy calls. Spec §3 gives them one generic envelope,
 * {param1, param2, data}: param1 names the operation or table, param2 is its argument, data the payload.
 * A generic client sends all three on every call, so a key the call does not use (often null) is ignored.
 */
export type Body = Record<string, unknown>;

export function isObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body as an object (an empty body reads as {}), else a 400 naming what was expected. */
export function objectBody(body: unknown, what: string): Body {
  if (body === undefined || body === null) return {};
  if (!isObject(body)) throw new AppError('bad_request', `Send ${what} as a JSON object.`);
  return body;
}

/** The payload of a call: the envelope's data when the body has it, else the body without the envelope's keys. */
export function payloadOf(body: Body): unknown {
  if ('data' in body) return body.data;
  const { param1: _param1, param2: _param2, ...bare } = body;
  return bare;
}

/** Where a one-row call may name its row: the body or its data ({id} or the id itself), or an envelope argument. */
type IdSource = 'param1' | 'param2';

/**
 * The row a one-row call names, in the shapes its clients send: {id}, {data: {id}}, {data: <id>} or, for
 * calls whose envelope argument is the id, param2 (/part also param1). Every place that holds an id must
 * name the same row; a missing or malformed id is a 400, never a guess.
 */
export function rowTarget(
  body: Body,
  schema: EntitySchema,
  sources: readonly IdSource[],
): { id: number; version?: number } {
  const data = body.data;
  const candidates: [string, unknown][] = [
    ['id', body.id],
    ['data.id', isObject(data) ? data.id : undefined],
    ['data', isObject(data) ? undefined : data],
    ...sources.map((key): [string, unknown] => [key, body[key]]),
  ];
  const given = candidates.filter(([, value]) => value !== undefined && value !== null);
  if (given.length === 0) {
    const shapes = ['{"id": 12}', '{"data": {"id": 12, "version": 3}}', ...sources.map((key) => `{"${key}": 12}`)].join(
      ', ',
    );
    throw new AppError('bad_request', `Name the ${schema.label.toLowerCase()}: send its id as ${shapes}.`);
  }
  const ids = given.map(([where, value]) => bodyId(value, schema, `The ${schema.label.toLowerCase()} id (${where})`));
  if (new Set(ids).size > 1) {
    throw new AppError(
      'bad_request',
      `The request names different ${schema.label.toLowerCase()} ids: ${given.map(([where], i) => `${where} ${ids[i]}`).join(', ')}.`,
    );
  }
  const version = optionalVersion(body.version ?? (isObject(data) ? data.version : undefined) ?? undefined);
  return { id: ids[0]!, version };
}
