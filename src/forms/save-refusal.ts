import type { ErrorBody } from '../lib/app-error';
import type { ConflictDetails, EntityRow, ValidationDetails } from '../lib/entity-api';
import type { EntitySchema } from '../schemas/schema-types';

/** A save refused because someone else changed the row (`current`: the row as stored now) or deleted it (null). */
export type SaveConflict = { message: string; current: EntityRow | null };

/**
 * What a form does with a refused save: `invalid` puts the server's errors on their fields, `conflict`
 * shows the conflict alert (Reload when the row still exists; Save blocked when it is gone), `message`
 * shows the server's own words and leaves the form as it is, edits and Save included.
 */
export type SaveRefusal =
  | { kind: 'invalid'; fields: Record<string, string>; message: string }
  | { kind: 'conflict'; conflict: SaveConflict }
  | { kind: 'message'; message: string };

/** What the form knows of its save: its row's id (undefined for a new row) and how the conflict message ends. */
export type SaveRefusalContext = { id?: number; conflictAlternative: string };

/** The message of a 422: the row's own, else the errors of fields the schema does not have, else 'Fix the marked fields.' */
function validationRefusal(schema: EntitySchema, details: ValidationDetails | undefined, message: string): SaveRefusal {
  const rowError = details?.rowErrors?.[0];
  const known = new Set(schema.fields.map((f) => f.name));
  const elsewhere = Object.entries(rowError?.fields ?? {}).filter(([name]) => !known.has(name));
  const fallback = elsewhere.length
    ? elsewhere.map(([name, text]) => `${name}: ${text}`).join('; ')
    : rowError
      ? 'Fix the marked fields.'
      : message;
  return { kind: 'invalid', fields: rowError?.fields ?? {}, message: rowError?.message ?? fallback };
}

/**
 * A refused save of one row's form, decided from the error (an ApiError's status and body, or any Error).
 * A 409 is a conflict only when its details name this row (ConflictDetails: changed, with the row as
 * stored now, or deleted). Other 409s, a value another row took or a reference gone as the database
 * caught it (bulk-write's toAppError) or a delete refused for dependants, carry no row to reload: the
 * server's message is shown as any other refusal's.
 */
export function saveRefusal(
  schema: EntitySchema,
  error: unknown,
  { id, conflictAlternative }: SaveRefusalContext,
): SaveRefusal {
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { status?: unknown } | null)?.status;
  const details = (error as { body?: ErrorBody } | null)?.body?.details;
  if (status === 422) return validationRefusal(schema, details as ValidationDetails | undefined, message);
  const conflicts =
    status === 409 && id !== undefined ? (details as Partial<ConflictDetails> | undefined)?.conflicts : undefined;
  const mine = Array.isArray(conflicts) ? conflicts.find((c) => c.id === id) : undefined;
  if (!mine) return { kind: 'message', message };
  const label = schema.label.toLowerCase();
  const current = mine.current ?? null;
  return {
    kind: 'conflict',
    conflict: {
      current,
      message: current
        ? `Someone else changed this ${label} since you opened it. Reload it to see their changes (yours will be lost), or ${conflictAlternative}.`
        : `This ${label} was deleted by someone else.`,
    },
  };
}
