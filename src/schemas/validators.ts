import { z } from 'zod';
import { decimalPrecision, decimalScale, fieldByName, type EntitySchema, type FieldDef } from './schema-types';

/**
 * zod validators derived from a schema; the browser (forms, grid, import preview) and the server
 * (every write) use these same functions, so a value refused in one place is refused in the other.
 */
const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_MAX_LENGTH = { text: 255, longText: 10_000 } as const;

const LINE_BREAK_OR_TAB = /[\r\n\t]/;

/**
 * One-line text as stored: without the spaces around it (' ACME ' would be a second ACME to a key match),
 * and with each line break or tab, with the spaces around it, made one space (an Excel cell written over
 * two lines with Alt+Enter pastes and imports with its line break; a one-line field shows neither).
 */
export function oneLine(text: string): string {
  const trimmed = text.trim();
  return LINE_BREAK_OR_TAB.test(trimmed) ? trimmed.replace(/\s*[\r\n\t]+\s*/g, ' ') : trimmed;
}

/** A calendar date the database stores: PostgreSQL has no year 0000 ('0000-01-01' passed JavaScript's Date and failed the insert). */
export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function decimalPlaces(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** Digits before the point, leading zeros and sign left out (of a value DECIMAL accepts). */
function wholeDigits(value: string): number {
  const dot = value.indexOf('.');
  const end = dot < 0 ? value.length : dot;
  let start = value.startsWith('-') ? 1 : 0;
  while (start < end && value.charCodeAt(start) === 48) start++; // '0'
  return end - start;
}

/** The largest whole number an integer column holds (PostgreSQL integer). */
export const MAX_INTEGER = 2_147_483_647;

function range(field: { min?: number; max?: number }, unit = ''): string {
  if (field.min !== undefined && field.max !== undefined) return `Must be between ${field.min} and ${field.max}${unit}`;
  if (field.min !== undefined) return `Must be at least ${field.min}${unit}`;
  return `Must be at most ${field.max}${unit}`;
}

// PostgreSQL text holds neither NUL nor half of a UTF-16 surrogate pair (a lone surrogate cannot be encoded as UTF-8).
// eslint-disable-next-line no-control-regex -- NUL is exactly the character to find
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- as above
const NUL_OR_SURROGATE = /[\u0000\uD800-\uDFFF]/;
export const UNSTORABLE_TEXT_MESSAGE = 'Contains a character that cannot be stored (NUL or a broken Unicode character)';

/** True when text holds a character the database cannot store. */
export function hasUnstorableCharacter(text: string): boolean {
  // The plain character class first: the lookarounds of UNSTORABLE made it the costliest rule of a row.
  return NUL_OR_SURROGATE.test(text) && UNSTORABLE.test(text);
}

/** A rule of a field: the test a value must pass, and what the cell says when it does not. */
type Rule<T> = readonly [test: (value: T) => boolean, message: string];

/**
 * The field's rules as ONE zod check, which reports the first rule the value fails. A chain of zod
 * refinements costs a check object and its bookkeeping per rule: validating a 10,000-row import took
 * 65 ms that way and ~35 ms this way.
 */
function firstFailing<T>(rules: readonly Rule<T>[]): (payload: z.core.ParsePayload<T>) => void {
  return (payload) => {
    for (const [test, message] of rules) {
      if (test(payload.value)) continue;
      payload.issues.push({ code: 'custom', message, input: payload.value });
      return;
    }
  };
}

function inRange(field: { min?: number; max?: number }, value: number): boolean {
  return (field.min === undefined || value >= field.min) && (field.max === undefined || value <= field.max);
}

/**
 * What one field's non-empty value must be: its JavaScript type, the message when it is not (undefined: zod's
 * own), a normalising step (one-line text) and its rules. Both the zod validator (valueValidator, with the
 * messages) and the plain fast check (fastRowCheck) are built from it, so they cannot drift apart.
 */
type ValueRules = {
  type: 'string' | 'number' | 'boolean';
  typeError?: string | ((issue: { input: unknown }) => string);
  normalize?: (value: string) => string;
  rules: Rule<never>[];
};

function valueRules(field: FieldDef): ValueRules {
  const rules = <T>(list: Rule<T>[]) => list as unknown as Rule<never>[];
  switch (field.kind) {
    case 'text':
    case 'longText': {
      const max = field.maxLength ?? DEFAULT_MAX_LENGTH[field.kind];
      const list: Rule<string>[] = [
        [(v) => v.length <= max, `At most ${max} characters`],
        [(v) => !hasUnstorableCharacter(v), UNSTORABLE_TEXT_MESSAGE],
      ];
      if (field.pattern) {
        const pattern = new RegExp(field.pattern.regex);
        list.push([(v) => pattern.test(v), field.pattern.message]);
      }
      // One-line text is made one line here too (oneLine), not only by the browser's parse: an API client's
      // 'ACME ' would be a second ACME that a key match misses. Long text keeps its layout.
      return {
        type: 'string',
        typeError: 'Must be text',
        normalize: field.kind === 'text' ? oneLine : undefined,
        rules: rules(list),
      };
    }
    case 'integer':
      return {
        type: 'number',
        typeError: 'Must be a whole number',
        rules: rules<number>([
          [Number.isInteger, 'Must be a whole number'],
          [(v) => Math.abs(v) <= MAX_INTEGER, `Must be between -${MAX_INTEGER} and ${MAX_INTEGER}`],
          [(v) => inRange(field, v), range(field)],
        ]),
      };
    case 'decimal':
    case 'percent':
    case 'money': {
      const scale = decimalScale(field);
      const whole = decimalPrecision(field) - scale;
      return {
        type: 'string',
        // The wire carries decimals as text, so no digit is lost to floating point: say so to an API client sending 5.
        typeError: (issue) =>
          typeof issue.input === 'number'
            ? 'Must be a number written as text, e.g. "1250.50" (decimals travel as text, so no digit is lost)'
            : 'Must be a number',
        rules: rules<string>([
          [(v) => DECIMAL.test(v), 'Must be a number'],
          [
            (v) => decimalPlaces(v) <= scale,
            scale === 0 ? 'Must be a whole number' : `At most ${scale} decimal places`,
          ],
          [(v) => wholeDigits(v) <= whole, `At most ${whole} digits before the decimal point`],
          [(v) => inRange(field, Number(v)), range(field)],
        ]),
      };
    }
    case 'date':
      return {
        type: 'string',
        typeError: 'Must be a date',
        rules: rules<string>([[isValidIsoDate, 'Must be a date (YYYY-MM-DD)']]),
      };
    case 'boolean':
      return { type: 'boolean', typeError: 'Must be yes or no', rules: [] };
    case 'enum': {
      const values = new Set(field.options.map((o) => o.value));
      return {
        type: 'string',
        rules: rules<string>([
          [(v) => values.has(v), `Must be one of: ${field.options.map((o) => o.label).join(', ')}`],
        ]),
      };
    }
    case 'lookup':
      return {
        type: 'number',
        typeError: 'Must reference an existing row',
        rules: rules<number>([
          [(v) => Number.isInteger(v) && v > 0 && v <= MAX_INTEGER, 'Must reference an existing row'],
        ]),
      };
  }
}

/** The validator of one field's non-empty value. */
function valueValidator(field: FieldDef): z.ZodType {
  const { type, typeError, normalize, rules } = valueRules(field);
  const options = typeError === undefined ? undefined : { error: typeError };
  const base = type === 'string' ? z.string(options) : type === 'number' ? z.number(options) : z.boolean(options);
  const normalized = normalize && base instanceof z.ZodString ? base.overwrite(normalize) : base;
  return rules.length === 0 ? normalized : normalized.check(firstFailing(rules as Rule<unknown>[]));
}

/** The 'Required' rule: a value is there unless null, undefined or '' (or, for text, only whitespace). */
export function isPresent(field: FieldDef, value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  return !((field.kind === 'text' || field.kind === 'longText') && typeof value === 'string' && value.trim() === '');
}

/**
 * Whether a new row must bring the field: a numbered one (a meeting's item No.) may be left empty, the
 * save then numbers it (server/entities/numbering.ts); once stored it is required like any other.
 */
function requiredOnCreate(field: FieldDef): boolean {
  return field.required === true && !field.numbered;
}

/**
 * One field: null allowed unless required, or a yes/no field (stored not null: an empty checkbox is false, and a
 * null reached the database as "is required" on no row); a required one must be present (isPresent).
 */
export function fieldValidator(field: FieldDef): z.ZodType {
  const value = valueValidator(field);
  if (field.kind === 'boolean') return value;
  if (!field.required) return value.nullable();
  return z
    .any()
    .refine((v) => isPresent(field, v), 'Required')
    .pipe(value);
}

/**
 * The required fields a new row leaves empty, and its amounts with no currency: what validateRow(…, 'create')
 * adds to validateRow(…, 'update') for a row completed with defaultRow. The import checks its new rows
 * this way, one zod pass per row.
 */
export function missingRequired(schema: EntitySchema, row: Record<string, unknown>): FieldErrors {
  const errors: FieldErrors = moneyCurrencyErrors(schema, row);
  for (const field of schema.fields)
    if (requiredOnCreate(field) && !field.readOnly && !isPresent(field, row[field.name]))
      errors[field.name] = 'Required';
  return errors;
}

export type MoneyPair = { amount: FieldDef; currency: FieldDef };
const pairCache = new WeakMap<EntitySchema, readonly MoneyPair[]>();

/** Each money field with the lookup field that names its currency (once per schema: every row's validation asks). */
export function moneyPairs(schema: EntitySchema): readonly MoneyPair[] {
  let pairs = pairCache.get(schema);
  if (!pairs) {
    pairs = schema.fields.flatMap((amount) => {
      const currency = amount.kind === 'money' ? fieldByName(schema, amount.currencyField) : undefined;
      return currency ? [{ amount, currency }] : [];
    });
    pairCache.set(schema, pairs);
  }
  return pairs;
}

/**
 * An amount is stored only with its currency: '5,000,000' with no currency could be read as any of them.
 * Checked where `row` holds both fields of a pair (a new row, or a change sending both); the message goes
 * on both cells, since the currency column may be hidden in the grid. Adds to `errors`, leaving out a
 * pair that already has an error there.
 */
export function moneyCurrencyErrors(
  schema: EntitySchema,
  row: Record<string, unknown>,
  errors: FieldErrors = {},
): FieldErrors {
  for (const { amount, currency } of moneyPairs(schema)) {
    if (
      !(amount.name in row) ||
      !(currency.name in row) ||
      Object.hasOwn(errors, amount.name) ||
      Object.hasOwn(errors, currency.name)
    )
      continue;
    if (!isPresent(amount, row[amount.name]) || isPresent(currency, row[currency.name])) continue;
    const messages = noCurrencyMessages({ amount, currency });
    addFieldError(errors, amount.name, messages[amount.name] as string);
    addFieldError(errors, currency.name, messages[currency.name] as string);
  }
  return errors;
}

/** What moneyCurrencyErrors says on each cell of a pair, by field name. */
export function noCurrencyMessages({ amount, currency }: MoneyPair): FieldErrors {
  return {
    [amount.name]: `No currency: choose the ${currency.label}`,
    [currency.name]: `Required while ${amount.label} has an amount`,
  };
}

/**
 * A change to a stored row with, for each money pair it touches, the stored value of the half it does not
 * send: validateRow then checks the amount against the currency the row will have.
 */
export function withStoredPairs(
  schema: EntitySchema,
  changes: Record<string, unknown>,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  let result = changes;
  for (const { amount, currency } of moneyPairs(schema)) {
    const missing =
      amount.name in changes
        ? currency.name in changes
          ? undefined
          : currency.name
        : currency.name in changes
          ? amount.name
          : undefined;
    if (missing !== undefined && missing in stored) result = { ...result, [missing]: stored[missing] };
  }
  return result;
}

/** A field's check without zod: the value as stored, or NOT_SIMPLE when anything is off (zod then says what). */
const NOT_SIMPLE = Symbol('not simple');
type FastCheck = (value: unknown) => unknown;

function fastFieldCheck(field: FieldDef): FastCheck {
  const { type, normalize, rules } = valueRules(field);
  const required = field.required === true;
  const nullable = !required && field.kind !== 'boolean';
  return (value) => {
    if (value === null) return nullable ? null : NOT_SIMPLE;
    if (typeof value !== type || (required && !isPresent(field, value))) return NOT_SIMPLE;
    const stored = normalize ? normalize(value as string) : value;
    for (const [test] of rules) if (!test(stored as never)) return NOT_SIMPLE;
    return stored;
  };
}

const fastChecks = new WeakMap<EntitySchema, { name: string; check: FastCheck; numbered: boolean }[]>();

/**
 * The row as validateRow would answer it when every value is plainly valid, else undefined. zod's object
 * parse cost ~13 us a row (130 ms of a 10,000-row import); this path, built from the same rules, costs a
 * tenth of that. It only ever accepts: any doubt (an unknown or missing field, a value to refuse) goes to
 * zod, whose messages the user sees. A unit test holds the two to the same answers.
 */
export function fastRowCheck(
  schema: EntitySchema,
  row: Record<string, unknown>,
  mode: 'create' | 'update',
): Record<string, unknown> | undefined {
  let checks = fastChecks.get(schema);
  if (!checks) {
    checks = schema.fields
      .filter((f) => !f.readOnly)
      .map((f) => ({ name: f.name, check: fastFieldCheck(f), numbered: f.numbered === true }));
    fastChecks.set(schema, checks);
  }
  const out: Record<string, unknown> = {};
  let seen = 0;
  for (const { name, check, numbered } of checks) {
    if (!Object.hasOwn(row, name)) {
      if (mode === 'create') return undefined;
      continue;
    }
    const value = row[name];
    if (value === undefined) return undefined;
    if (value === null && numbered && mode === 'create') {
      out[name] = null; // the save numbers it
      seen++;
      continue;
    }
    const stored = check(value);
    if (stored === NOT_SIMPLE) return undefined;
    out[name] = stored;
    seen++;
  }
  return seen === Object.keys(row).length ? out : undefined;
}

const cache = new WeakMap<EntitySchema, { create: z.ZodType; update: z.ZodType }>();

/** Validators for a new row (every field, required ones present) and a change (only the fields sent). */
export function rowValidators(schema: EntitySchema): {
  create: z.ZodType<Record<string, unknown>>;
  update: z.ZodType<Record<string, unknown>>;
} {
  let validators = cache.get(schema);
  if (!validators) {
    const writable = schema.fields.filter((f) => !f.readOnly);
    const shape = Object.fromEntries(
      writable.map((f) => [f.name, fieldValidator(f.required && !requiredOnCreate(f) ? { ...f, required: false } : f)]),
    );
    const optionalShape = Object.fromEntries(writable.map((f) => [f.name, fieldValidator(f).optional()]));
    validators = {
      create: z.object(shape).strict(),
      update: z.object(optionalShape).strict(),
    };
    cache.set(schema, validators);
  }
  return validators as { create: z.ZodType<Record<string, unknown>>; update: z.ZodType<Record<string, unknown>> };
}

export type FieldErrors = Record<string, string>;

/**
 * Records a field's first error. Own properties only: a field named 'constructor' or '__proto__' (sent by
 * a client as an unknown field) must neither find the prototype's property nor set the prototype.
 */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  if (!Object.hasOwn(errors, field))
    Object.defineProperty(errors, field, { value: message, enumerable: true, writable: true, configurable: true });
}

/**
 * Validates a row and answers field -> message, the way the grid and forms show them. Every unknown field
 * gets its own entry, and a refused row always has at least one: a field named like a built-in property
 * ('constructor', 'toString') once found the prototype's and was dropped, turning a bad row into an empty one.
 */
export function validateRow(
  schema: EntitySchema,
  row: Record<string, unknown>,
  mode: 'create' | 'update',
): { ok: true; value: Record<string, unknown> } | { ok: false; errors: FieldErrors } {
  const fast = fastRowCheck(schema, row, mode);
  const result = fast ? ({ success: true, data: fast } as const) : rowValidators(schema)[mode].safeParse(row);
  if (result.success) {
    const pairErrors = moneyCurrencyErrors(schema, result.data);
    return Object.keys(pairErrors).length === 0 ? { ok: true, value: result.data } : { ok: false, errors: pairErrors };
  }
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => addFieldError(errors, field, message);
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add(key, 'Unknown field');
    else add(issue.path[0] !== undefined ? String(issue.path[0]) : '_row', issue.message);
  }
  moneyCurrencyErrors(schema, row, errors);
  if (Object.keys(errors).length === 0) add('_row', 'The row could not be read');
  return { ok: false, errors };
}

/** A new row's starting values: each field's default, else null (booleans false). */
export function defaultRow(schema: EntitySchema): Record<string, unknown> {
  return Object.fromEntries(
    schema.fields.filter((f) => !f.readOnly).map((f) => [f.name, f.default ?? (f.kind === 'boolean' ? false : null)]),
  );
}
