/**
 * Formula-injection guard for exported text (OWASP "CSV injection"): a text cell that starts with
 * = + - @ tab or carriage return is prefixed with a single quote, so Excel (and anything that
 * re-saves the file as CSV) never evaluates it. Imports strip that one quote again, so the round
 * trip gives back the original text.
 */
const DANGEROUS_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

export function neutralise(text: string): string {
  return DANGEROUS_START.test(text) ? `'${text}` : text;
}

/** Undoes `neutralise` on an imported string; any other value is returned as is. */
export function unneutralise<T>(value: T): T | string {
  return typeof value === 'string' && NEUTRALISED.test(value) ? value.slice(1) : value;
}
