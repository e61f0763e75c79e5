/**
 * The engineering rules of the project lists (field guide §3-5), pure so that browser and server run the
 * same ones. Decimals arrive as strings ('12.50'); an empty value makes a rule hold (Required says the rest).
 */

function num(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** high >= low, or either is empty. */
export function decimalAtLeast(high: unknown, low: unknown): boolean {
  const h = num(high);
  const l = num(low);
  return h === undefined || l === undefined || h >= l;
}

/** low < high, or either is empty. */
export function decimalBelow(low: unknown, high: unknown): boolean {
  const h = num(high);
  const l = num(low);
  return h === undefined || l === undefined || l < h;
}

/** ISA-5.1 first letters (the measured or initiating variable) and succeeding letters (readout / function). */
const FIRST_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MODIFIERS = 'DFJKQ';
const FUNCTIONS = 'ABCEGHIKLNORSTUVWXYZ';
export const ISA_LETTERS_MESSAGE =
  'Not an ISA-5.1 combination: a measured variable (F, L, P, T, A, D, W, S, Z, X...), an optional modifier (D, F, Q), then function letters (I, T, C, V, S, A, E...)';

/**
 * ISA-5.1 letters: a first letter, an optional variable modifier (D differential, F ratio, Q totalise, J scan,
 * K rate of change), then one to four function letters, none repeated, and a controller (C) is not also a
 * switch (S). 'FIT', 'PDT', 'LSHH', 'IT' (current) and 'TE' pass; 'F', 'FF', 'FCS' and '1T' do not.
 */
export function isaLettersValid(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  const letters = String(value).toUpperCase();
  if (!/^[A-Z]{2,6}$/.test(letters) || !FIRST_LETTERS.includes(letters[0] as string)) return false;
  let rest = letters.slice(1);
  if (rest.length > 1 && MODIFIERS.includes(rest[0] as string) && FUNCTIONS.includes(rest[1] as string))
    rest = rest.slice(1);
  // Alarm and switch levels (H, L, HH, LL) follow A or S; a limit switch's O / C (ZSO, ZSC) says open or closed.
  const functions = rest.replace(/([AS])(HH|LL|H|L)$/, '$1').replace(/S[OC]$/, 'S');
  if (functions.length === 0 || functions.length > 4) return false;
  if (![...functions].every((letter) => FUNCTIONS.includes(letter))) return false;
  if (new Set(functions).size !== functions.length) return false;
  return !(functions.includes('C') && functions.includes('S'));
}

/** 350-SL-200-001-HR1: size, service, area code, three-digit sequence, pipe spec (left off when empty). */
export function composeLineNumber(
  row: Readonly<Record<string, unknown>>,
  labelOf: (field: string) => string | null,
): string | null {
  const area = labelOf('projarea_id');
  if (row.size_mm == null || !row.service_code || !area || row.sequence == null) return null;
  const parts = [String(row.size_mm), String(row.service_code), area, String(row.sequence).padStart(3, '0')];
  if (row.pipe_spec) parts.push(String(row.pipe_spec));
  return parts.join('-');
}

/** The typed test pressure, else 1.5 x design (kept to 2 decimals as the column is). */
export function derivedTestPressure(row: Readonly<Record<string, unknown>>): string | null {
  const typed = num(row.test_pressure_kpag);
  if (typed !== undefined) return typed.toFixed(2);
  const design = num(row.design_pressure_kpag);
  return design === undefined ? null : (design * 1.5).toFixed(2);
}

/** A drawing's or stream's id_internal: kept once given, else a number up to 1,000,000 as design tools give. */
export function drawingInternalId(row: Readonly<Record<string, unknown>>): number {
  const kept = num(row.id_internal);
  return kept !== undefined ? kept : 1 + Math.floor(Math.random() * 1_000_000);
}
