import Decimal from 'decimal.js';

/**
 * Duty sheet arithmetic (field guide §13), exact decimals (decimal.js, as lib/money.ts): values arrive as
 * decimal strings ('1200', '35.0') or numbers and leave as decimal strings; an empty input gives null.
 *
 *   - slurry SG:      SGm = 1 / (Cw / SGs + (1 - Cw) / SGl), Cw the solids' mass fraction (Cw % / 100),
 *                     SGl the liquid's SG (1.0 unless given); kept to 3 places. No solids (no SGs or Cw):
 *                     the liquid's SG.
 *   - absorbed power: P = rho x g x Q x H / efficiency, rho = SGm x 1000 kg/m3 (the SG as kept, 3 places,
 *                     so the figure follows from the values the sheet shows), g = 9.81 m/s2, Q in m3/s
 *                     (m3/h / 3600), H in m, efficiency as a fraction (% / 100); in kW to 0.1 kW.
 *
 * Rounding is half away from zero. Worked example: Q 1,200 m3/h, H 35 m, SG 1.45, efficiency 72 %:
 * 1450 x 9.81 x (1200 / 3600) x 35 / 0.72 / 1000 = 230.49 -> 230.5 kW.
 */

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export const GRAVITY = '9.81';
export const SG_SCALE = 3;
export const POWER_SCALE = 1;

function dec(value: unknown): Decimal | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  try {
    const d = new D(typeof value === 'number' ? value : String(value).trim());
    return d.isFinite() ? d : undefined;
  } catch {
    return undefined;
  }
}

/** The slurry's SG from the solids' SG and the solids concentration by mass (Cw %), to 3 places; the liquid's SG (1.000 unless given) without solids. */
export function slurrySg(solidsSg: unknown, cwPercent: unknown, liquidSg?: unknown): string | null {
  const sgl = dec(liquidSg) ?? new D(1);
  const sgs = dec(solidsSg);
  const cwp = dec(cwPercent);
  if (sgl.lte(0)) return null;
  if (!sgs || !cwp || cwp.isZero()) return sgl.toDecimalPlaces(SG_SCALE).toFixed(SG_SCALE);
  if (sgs.lte(0) || cwp.lt(0) || cwp.gt(100)) return null;
  const cw = cwp.dividedBy(100);
  const sg = new D(1).dividedBy(cw.dividedBy(sgs).plus(new D(1).minus(cw).dividedBy(sgl)));
  return sg.toDecimalPlaces(SG_SCALE).toFixed(SG_SCALE);
}

/** rho x g x Q x H / efficiency in kW to 0.1 kW: flow in m3/h, head in m, efficiency in %; null when any is empty or the efficiency is not above 0. */
export function absorbedKw(flowM3h: unknown, headM: unknown, sg: unknown, efficiencyPercent: unknown): string | null {
  const q = dec(flowM3h);
  const h = dec(headM);
  const s = dec(sg);
  const eff = dec(efficiencyPercent);
  if (!q || !h || !s || !eff || eff.lte(0)) return null;
  const watts = s.times(1000).times(GRAVITY).times(q.dividedBy(3600)).times(h).dividedBy(eff.dividedBy(100));
  return watts.dividedBy(1000).toDecimalPlaces(POWER_SCALE).toFixed(POWER_SCALE);
}

/** A duty sheet's operating cases: the field-name stem and how users read it. */
export const DUTY_CASES = [
  { key: 'min', label: 'Minimum' },
  { key: 'normal', label: 'Normal' },
  { key: 'design', label: 'Design' },
] as const;
export type DutyCase = (typeof DUTY_CASES)[number]['key'];

type Row = Readonly<Record<string, unknown>>;

/** A sheet row's slurry SG (its solids SG, Cw % and liquid SG). */
export function sheetSlurrySg(row: Row): string | null {
  return slurrySg(row.solids_sg, row.cw_percent, row.liquid_sg);
}

/** A sheet row's absorbed power at one operating case (flow_<case>_m3h, head_<case>_m), at its slurry SG and pump efficiency. */
export function sheetAbsorbedKw(row: Row, dutyCase: DutyCase): string | null {
  return absorbedKw(
    row[`flow_${dutyCase}_m3h`],
    row[`head_${dutyCase}_m`],
    sheetSlurrySg(row),
    row.pump_efficiency_percent,
  );
}

/** A kW figure as people read it: '412.3', '400' (no trailing zeros), thousands grouped ('1,190.1'). */
export function formatKw(value: unknown): string {
  const d = dec(value);
  if (!d) return '';
  const [whole = '0', fraction] = d.toFixed().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction && /[1-9]/.test(fraction) ? `${grouped}.${fraction.replace(/0+$/, '')}` : grouped;
}

/**
 * The power check: null when the design case's absorbed power is within the motor's rating (or either is
 * unknown), else "Absorbed 412.3 kW at the design case exceeds the 400 kW motor".
 */
export function powerCheck(absorbed: unknown, motorKw: unknown): string | null {
  const a = dec(absorbed);
  const m = dec(motorKw);
  if (!a || !m || a.lte(m)) return null;
  return `Absorbed ${formatKw(absorbed)} kW at the design case exceeds the ${formatKw(motorKw)} kW motor`;
}
