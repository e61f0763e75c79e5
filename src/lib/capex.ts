import Decimal from 'decimal.js';
import { lineTotal, MONEY_SCALE, roundTo, sum } from './money';

/**
 * CAPEX (field guide §14; issue #18 item 2): the arithmetic from priced tags to the total installed cost,
 * shared by the server (which answers it) and the browser (which exports it). Every figure is money to the
 * cent, rounded half away from zero (lib/money.ts), and every total is the sum of the rounded figures
 * under it, so a workbook of the tags adds up to the totals exactly:
 *
 *   equipment    = quantity x unit price (base currency)           per tag
 *   installation = equipment x installation factor                 per tag
 *   bulks        = equipment x bulks factor                        per tag
 *   direct field = equipment + installation + bulks                 (sums of the tags)
 *   EPCM         = direct field x EPCM %;  owner's = direct field x owner's %
 *   contingency  = (direct field + EPCM + owner's) x contingency %
 *   TIC          = direct field + EPCM + owner's + contingency
 */

/** How a tag was priced, by kind of price (firm first); the step of the rule that priced it is PricedTag.step. */
export const PRICE_BASES = ['firm', 'budget', 'factored', 'allowance', 'estimate', 'unpriced'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];
export const PRICE_BASIS_LABELS: Record<PriceBasis, string> = {
  firm: 'Firm quote',
  budget: 'Budget quotes',
  factored: 'Factored',
  allowance: 'Allowance',
  estimate: 'Category estimate',
  unpriced: 'Not priced',
};

/**
 * The steps of the one equipment-pricing rule (server/modules/capex/equipment-price.ts), in order: a firm
 * quote (awarded, or a PO); the median of the valid quote lines for the tag; the row's own typed price; a
 * category estimate (same item category and size band) only when the row has no price; else unpriced.
 */
export const PRICE_STEPS = ['firm', 'tag_median', 'typed', 'category', 'unpriced'] as const;
export type PriceStep = (typeof PRICE_STEPS)[number];
export const PRICE_STEP_LABELS: Record<PriceStep, string> = {
  firm: '1 firm quote',
  tag_median: '2 tag quote median',
  typed: '3 typed price',
  category: '4 category estimate',
  unpriced: '5 unpriced',
};

/**
 * The size band of a category estimate: quote lines for equipment whose installed kW is within low-high x the
 * row's own (the equipment list's one size/capacity field). 0.5-2 x: a pump of 900 kW is compared with pumps of
 * 450-1,800 kW, never with a 40 kW spare.
 */
export const SIZE_BAND = { low: 0.5, high: 2 } as const;

/**
 * The fixed size bands (kW) the quote price spread is grouped by, so that items of one category but very
 * different size (a USD 400 idler set, a USD 4.2 M conveyor) never share a bar. Each band spans about 3 x,
 * about the width of SIZE_BAND; lines for items of no stated size are a group of their own.
 */
export const SPREAD_BANDS_KW = [1, 3, 10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000] as const;

/** A typed price as the row states it, and the rate it was converted at. */
export type TypedPrice = {
  amount: string;
  currency: string | null;
  /** The row's price source ('budget_quote', 'factored', 'allowance', 'firm_quote'), null when none was given. */
  source: string | null;
  /** When the price was typed: the audit trail's last change of it (or the row's creation). */
  date: string | null;
  /** Cross rate to the base currency (8 places), and the dates of the two rates to USD it was taken from. */
  rate: string | null;
  from_rate_date: string | null;
  base_rate_date: string | null;
};

/** A category estimate: the median of the quote lines of the same category and size band, with its spread. */
export type CategoryEstimate = {
  category: string | null;
  count: number;
  min: string;
  median: string;
  max: string;
  size_kw: string;
  band_low_kw: string;
  band_high_kw: string;
};

/** A quote line a price came from. */
export type CapexQuoteRef = {
  quote_id: number;
  quote_number: string;
  line_id: number;
  line_no: number;
  supplier: string | null;
  base_unit_price: string | null;
};

/** One equipment tag as the database prices it (before the arithmetic). */
export type PricedTag = {
  id: number;
  tagno: string;
  description: string | null;
  quantity: number;
  area_id: number | null;
  area: string | null;
  /** The area's description ('Grinding'): the by-area groups are labelled '200 Grinding'. */
  area_name?: string | null;
  category_id: number | null;
  /** The category's names from tier 1 down to its own tier ('Mechanical equipment', 'Pumps', 'Slurry pumps'). */
  category_path: string[];
  basis: PriceBasis;
  /** The step of the pricing rule that priced it. */
  step: PriceStep;
  /** In words: which step of the rule priced it ('median of 3 valid quote lines for the tag'). */
  basis_detail: string;
  /** The row's own price, when it has one (whichever step priced the tag). */
  typed: TypedPrice | null;
  /** The category estimate, when that step priced the tag. */
  estimate: CategoryEstimate | null;
  /** Unit price in the base currency, to the cent; null when unpriced. */
  unit_price: string | null;
  install_factor: string;
  bulks_factor: string;
  /** Where the factors came from ('ME.PMP' or 'project'). */
  factor_source: string;
  /** The quote line(s) the price came from: the firm quote's line, or the middle line(s) of a median over the tag's lines. */
  quotes: CapexQuoteRef[];
  /** How many quote lines a median was taken over (0 for other bases). */
  median_of: number;
  /** How its price was escalated to the estimate date: one price, or a median's middle line(s); empty when unpriced. */
  escalation: Escalation[];
  warning: string | null;
};

export type CapexTag = PricedTag & { equipment: string; installation: string; bulks: string; direct_field: string };

export type CapexGroup = {
  key: string;
  label: string;
  tier?: number;
  tags: number;
  equipment: string;
  installation: string;
  bulks: string;
  direct_field: string;
  firm: string;
};

export type CapexSettings = {
  epcm_pct: string;
  owners_pct: string;
  contingency_pct: string;
  estimate_class: number | null;
};

export type AccuracyBand = {
  estimate_class: number;
  low_pct: [number, number];
  high_pct: [number, number];
  low: [string, string];
  high: [string, string];
};

/** The Lang check's outcome: 'in_line' / 'outside' the plant type's band, 'no_plant_type', or 'no_equipment' cost yet. */
export type LangStatus = 'in_line' | 'outside' | 'no_plant_type' | 'no_equipment';
export type LangCheck = {
  factor: string | null;
  status: LangStatus;
  /** The project's plant type with its typical factor and band (low-high, exact); null without a plant type. */
  typical: { plant_type: PlantType; label: string; value: number; low: string; high: string } | null;
  /** In words: 'In line: 3.03 is within 3.1 +-15 % (2.635-3.565), typical of solids processing.' */
  verdict: string;
};

/**
 * How a price was escalated to the estimate date (issue #29 item 8; equipment-price.ts states the rule):
 * amount x factor x rate = escalated, to the cent; factor = est_index / price_index to 6 places (1 when either
 * is missing: `note` says why), each index the series' value at that month or the latest before it.
 */
export type Escalation = {
  /** Which price: 'price on the row', 'firm quote line Q-1 #2', 'quote line Q-1 #2'. */
  of: string;
  price_date: string | null;
  amount: string;
  currency: string | null;
  /** The cost index series used: a category's name, or 'all categories'. */
  series: string;
  price_month: string | null;
  price_index: string | null;
  price_index_month: string | null;
  est_month: string;
  est_index: string | null;
  est_index_month: string | null;
  factor: string;
  /** Conversion to the base currency at the estimate date: the cross rate and the dates of the rates it took. */
  rate: string | null;
  rate_dates: string | null;
  escalated: string | null;
  note: string | null;
};

export type CapexSummary = {
  project: {
    id: number;
    name: string;
    project_number: string | null;
    base_currency: string | null;
    rate_date: string | null;
    estimate_class: number | null;
    /** The estimate date the figures are at: the project's, else today (estimate_date_set false). */
    estimate_date: string;
    estimate_date_set: boolean;
    plant_type: PlantType | null;
  };
  settings: CapexSettings & { install_factor: string; bulks_factor: string };
  totals: {
    equipment: string;
    installation: string;
    bulks: string;
    direct_field: string;
    epcm: string;
    owners: string;
    indirects: string;
    contingency: string;
    tic: string;
  };
  accuracy: AccuracyBand | null;
  lang: LangCheck;
  /** Share of the equipment cost on firm quotes, % to one decimal (null without equipment cost). */
  firm_share_pct: string | null;
  by_basis: CapexGroup[];
  by_category: CapexGroup[];
  by_area: CapexGroup[];
  tags: CapexTag[];
  warnings: string[];
};

/** AACE 18R-97 (field guide §14): the accuracy range of each class, low and high, as % of the estimate. */
export const ACCURACY_BANDS: Record<number, { low: [number, number]; high: [number, number] }> = {
  5: { low: [-20, -50], high: [30, 100] },
  4: { low: [-15, -30], high: [20, 50] },
  3: { low: [-10, -20], high: [10, 30] },
  2: { low: [-5, -15], high: [5, 20] },
  1: { low: [-3, -10], high: [3, 15] },
};

/**
 * Lang factors (TIC / delivered equipment cost) by plant type (field guide §14, §19: Lang 1948, 3.10 / 3.63 /
 * 4.74, as the issue rounds them), and the band a project's factor is "in line" within: +-15 %. Why 15 %: a
 * Lang factor is a Class 5 (order-of-magnitude) tool, and 15 % is the narrow end of a Class 4 estimate's
 * range (AACE 18R-97: -15 % / +20 %); it is also wide enough that neighbouring plant types' bands overlap
 * (2.635-3.565 and 3.06-4.14), as real plants of mixed duty do, and narrow enough that a solids plant priced
 * like a fluids plant (4.0 and up) is called outside.
 */
export const PLANT_TYPES = ['solids', 'solids_fluids', 'fluids'] as const;
export type PlantType = (typeof PLANT_TYPES)[number];
export const LANG_FACTORS: Record<PlantType, { label: string; value: number }> = {
  solids: { label: 'solids processing', value: 3.1 },
  solids_fluids: { label: 'solids-fluids processing', value: 3.6 },
  fluids: { label: 'fluids processing', value: 4.7 },
};
export const LANG_BAND_PCT = 15;

const money = (value: Decimal.Value) => roundTo(value, MONEY_SCALE);
const pctOf = (amount: Decimal.Value, pct: Decimal.Value) => money(new Decimal(amount).times(pct).dividedBy(100));

/** A priced tag's figures: each rounded to the cent on its own. */
export function tagFigures(tag: PricedTag): CapexTag {
  const equipment = tag.unit_price === null ? '0.00' : lineTotal(tag.quantity, tag.unit_price);
  const installation = money(new Decimal(equipment).times(tag.install_factor));
  const bulks = money(new Decimal(equipment).times(tag.bulks_factor));
  return { ...tag, equipment, installation, bulks, direct_field: money(sum([equipment, installation, bulks])) };
}

function group(key: string, label: string, tags: readonly CapexTag[], tier?: number): CapexGroup {
  const total = (pick: (tag: CapexTag) => string) => money(sum(tags.map(pick)));
  return {
    key,
    label,
    ...(tier === undefined ? {} : { tier }),
    tags: tags.length,
    equipment: total((t) => t.equipment),
    installation: total((t) => t.installation),
    bulks: total((t) => t.bulks),
    direct_field: total((t) => t.direct_field),
    firm: total((t) => (t.basis === 'firm' ? t.equipment : '0')),
  };
}

function groupBy(
  tags: readonly CapexTag[],
  keyOf: (tag: CapexTag) => [key: string, label: string] | null,
  tier?: number,
): CapexGroup[] {
  const groups = new Map<string, { label: string; tags: CapexTag[] }>();
  for (const tag of tags) {
    const found = keyOf(tag);
    if (!found) continue;
    const entry = groups.get(found[0]) ?? { label: found[1], tags: [] };
    entry.tags.push(tag);
    groups.set(found[0], entry);
  }
  return [...groups.entries()]
    .map(([key, { label, tags: members }]) => group(key, label, members, tier))
    .sort((a, b) => new Decimal(b.direct_field).comparedTo(a.direct_field) || a.label.localeCompare(b.label));
}

/** The accuracy band of a class around the TIC: low and high each a range (the class's best and worst). */
export function accuracyBand(estimateClass: number | null, tic: string): AccuracyBand | null {
  const band = estimateClass === null ? undefined : ACCURACY_BANDS[estimateClass];
  if (!band || estimateClass === null) return null;
  const at = (pct: number) => money(new Decimal(tic).times(100 + pct).dividedBy(100));
  return {
    estimate_class: estimateClass,
    low_pct: band.low,
    high_pct: band.high,
    low: [at(band.low[0]), at(band.low[1])],
    high: [at(band.high[0]), at(band.high[1])],
  };
}

/** TIC / equipment cost against the typical Lang factor of the project's plant type, +-LANG_BAND_PCT. */
export function langCheck(tic: string, equipment: string, plantType: PlantType | null): LangCheck {
  const typical =
    plantType === null
      ? null
      : { plant_type: plantType, ...LANG_FACTORS[plantType], ...langBand(LANG_FACTORS[plantType].value) };
  if (new Decimal(equipment).isZero())
    return {
      factor: null,
      status: 'no_equipment',
      typical,
      verdict: 'No equipment cost yet: price the equipment first.',
    };
  const factor = new Decimal(tic).dividedBy(equipment);
  const shown = factor.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  if (typical === null)
    return {
      factor: shown,
      status: 'no_plant_type',
      typical,
      verdict: `No plant type: set the project's plant type to compare ${shown} with its typical Lang factor.`,
    };
  const range = `${typical.value} +-${LANG_BAND_PCT} % (${typical.low}-${typical.high})`;
  const inside = factor.gte(typical.low) && factor.lte(typical.high);
  return inside
    ? {
        factor: shown,
        status: 'in_line',
        typical,
        verdict: `In line: ${shown} is within ${range}, typical of ${typical.label}.`,
      }
    : {
        factor: shown,
        status: 'outside',
        typical,
        verdict: `Outside: ${shown} is ${factor.lt(typical.low) ? 'below' : 'above'} ${range}, typical of ${typical.label}; check the factors and the plant type.`,
      };
}

/** A typical factor's band, exact: 3.1 -> 2.635-3.565; the exact factor is compared with it. */
function langBand(value: number): { low: string; high: string } {
  const at = (pct: number) =>
    new Decimal(value)
      .times(100 + pct)
      .dividedBy(100)
      .toString();
  return { low: at(-LANG_BAND_PCT), high: at(LANG_BAND_PCT) };
}

/** The summary from the priced tags and the project's percentages. */
export function rollUp(
  project: CapexSummary['project'],
  settings: CapexSummary['settings'],
  priced: readonly PricedTag[],
  warnings: string[] = [],
): CapexSummary {
  const tags = priced.map(tagFigures);
  const all = group('all', 'All', tags);
  const epcm = pctOf(all.direct_field, settings.epcm_pct);
  const owners = pctOf(all.direct_field, settings.owners_pct);
  const indirects = money(sum([epcm, owners]));
  const contingency = pctOf(sum([all.direct_field, indirects]), settings.contingency_pct);
  const tic = money(sum([all.direct_field, indirects, contingency]));
  const byCategory = [1, 2, 3].flatMap((tier) =>
    groupBy(
      tags,
      (tag) =>
        tag.category_path.length >= tier
          ? [tag.category_path.slice(0, tier).join(' / '), tag.category_path[tier - 1]!]
          : tier === 1
            ? ['(none)', 'No category']
            : null,
      tier,
    ),
  );
  return {
    project,
    settings,
    totals: {
      equipment: all.equipment,
      installation: all.installation,
      bulks: all.bulks,
      direct_field: all.direct_field,
      epcm,
      owners,
      indirects,
      contingency,
      tic,
    },
    accuracy: accuracyBand(settings.estimate_class, tic),
    lang: langCheck(tic, all.equipment, project.plant_type),
    firm_share_pct: new Decimal(all.equipment).isZero()
      ? null
      : roundTo(new Decimal(all.firm).times(100).dividedBy(all.equipment), 1),
    by_basis: PRICE_BASES.map((basis) =>
      group(
        basis,
        PRICE_BASIS_LABELS[basis],
        tags.filter((t) => t.basis === basis),
      ),
    ).filter((g) => g.tags > 0),
    by_category: byCategory,
    by_area: groupBy(tags, (tag) => [
      tag.area ?? '(none)',
      tag.area ? [tag.area, tag.area_name].filter(Boolean).join(' ') : 'No area',
    ]),
    tags,
    warnings: [...warnings, ...tags.filter((t) => t.warning).map((t) => `${t.tagno}: ${t.warning}`)],
  };
}

/**
 * getQuotePricingForItemTypes: the valid quote lines' base unit prices of one item type (category) and size
 * band (SPREAD_BANDS_KW over the installed kW of the equipment a line carries; null: a part, or no size stated).
 */
export type PriceSpread = {
  category_id: number;
  code: string;
  name: string;
  path: string;
  band_low_kw: string | null;
  band_high_kw: string | null;
  /** 'Slurry pumps, 300-1,000 kW' or 'Slurry pumps, size not stated'. */
  label: string;
  count: number;
  min: string;
  median: string;
  max: string;
};

/** The words of a size band ('300-1,000 kW', 'over 30,000 kW', 'size not stated'). */
export function sizeBandWords(lowKw: string | null, highKw: string | null): string {
  const kw = (value: string) => Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (lowKw === null && highKw === null) return 'size not stated';
  if (highKw === null) return `over ${kw(lowKw!)} kW`;
  return `${kw(lowKw ?? '0')}-${kw(highKw)} kW`;
}

/** What the database tells about a priced row (server/modules/capex/equipment-price.ts), for the words below. */
export type PriceFacts = {
  step: PriceStep;
  price_source: string | null;
  status: string | null;
  base_currency: string | null;
  /** The row's own price, null when it has none; its rate null when there is none to convert it. */
  typed: TypedPrice | null;
  firm_line: CapexQuoteRef | null;
  tag_count: number;
  estimate: CategoryEstimate | null;
  category_id: number | null;
  size_kw: string | null;
};

const SOURCE_WORDS: Record<string, { basis: PriceBasis; words: string }> = {
  budget_quote: { basis: 'budget', words: 'budget price typed on the equipment row' },
  factored: { basis: 'factored', words: 'factored price typed on the equipment row' },
  allowance: { basis: 'allowance', words: 'allowance typed on the equipment row' },
  firm_quote: { basis: 'allowance', words: 'price typed on the equipment row (marked firm quote)' },
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The typed price in words: 'ZAR 7,400,000.00 at 0.05600000, typed 2025-06-30'. */
export function typedWords(typed: TypedPrice, base: string | null): string {
  const amount = `${typed.currency ?? base ?? ''} ${groupThousands(typed.amount)}`.trim();
  const dates = [
    typed.from_rate_date && `${typed.currency} rate of ${typed.from_rate_date}`,
    typed.base_rate_date && `${base} rate of ${typed.base_rate_date}`,
  ]
    .filter(Boolean)
    .join(', ');
  const rate =
    typed.rate !== null && typed.currency !== null && typed.currency !== base
      ? ` at ${typed.rate} ${base ?? ''}/${typed.currency}${dates ? ` (${dates})` : ''}`
      : '';
  return `${amount}${rate}${typed.date ? `, typed ${typed.date}` : ''}`;
}

function groupThousands(value: string): string {
  const [whole = '0', fraction] = value.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
}

/**
 * The Node part of the pricing rule: which kind of price a step gave (the by-basis groups), the step in words
 * (the drill-down and the export), and a warning when a typed price could not be converted.
 */
export function describePrice(f: PriceFacts): { basis: PriceBasis; basis_detail: string; warning: string | null } {
  const noRate =
    f.typed !== null && f.typed.rate === null
      ? `no ${f.typed.currency ?? ''} rate on or before the estimate date: its ${f.typed.currency ?? ''} price is left out`
      : null;
  const firmBy =
    f.status === 'ordered' && f.price_source !== 'firm_quote' ? 'purchase order (status Ordered)' : 'firm quote';
  switch (f.step) {
    case 'firm':
      return f.typed !== null && f.typed.rate !== null
        ? {
            basis: 'firm',
            basis_detail: `${firmBy} (price on the equipment row): ${typedWords(f.typed, f.base_currency)}`,
            warning: null,
          }
        : {
            basis: 'firm',
            basis_detail: `${firmBy}: quote line ${f.firm_line?.quote_number ?? '?'} #${f.firm_line?.line_no ?? '?'}`,
            warning: noRate,
          };
    case 'tag_median':
      return {
        basis: 'budget',
        basis_detail: `median of ${plural(f.tag_count, 'valid quote line')} for the tag`,
        warning: noRate,
      };
    case 'typed': {
      const source = SOURCE_WORDS[f.price_source ?? ''] ?? {
        basis: 'allowance' as const,
        words: 'price typed on the equipment row without a source (taken as an allowance)',
      };
      return {
        basis: source.basis,
        basis_detail: `${source.words}: ${typedWords(f.typed!, f.base_currency)}`,
        warning: null,
      };
    }
    case 'category': {
      const e = f.estimate!;
      return {
        basis: 'estimate',
        basis_detail: `category estimate: median of ${plural(e.count, 'valid quote line')} for ${e.category ?? 'its category'} of ${sizeBandWords(e.band_low_kw, e.band_high_kw)} (${SIZE_BAND.low}-${SIZE_BAND.high} x its ${groupThousands(e.size_kw)} kW), spread ${groupThousands(e.min)} to ${groupThousands(e.max)}`,
        warning: null,
      };
    }
    case 'unpriced': {
      const why =
        f.typed !== null
          ? 'its own price has no rate'
          : f.category_id === null
            ? 'no category for an estimate'
            : f.size_kw === null || Number(f.size_kw) <= 0
              ? 'no installed kW to find its size band'
              : `no valid quote line for its category in its size band (${SIZE_BAND.low}-${SIZE_BAND.high} x)`;
      const firmWithout =
        f.price_source === 'firm_quote' && f.typed === null && f.firm_line === null
          ? 'marked firm quote but has neither a price nor a quote line'
          : null;
      return {
        basis: 'unpriced',
        basis_detail: `no price: no firm quote, no valid quote line for the tag, no price on the row; ${why}`,
        warning: noRate ?? firmWithout,
      };
    }
  }
}

/** GET /capexsummary/quote-prices: one quote line behind a tag's price. */
export type TagQuotePrice = {
  tag_id: number;
  tagno: string;
  basis: string;
  basis_detail: string;
  quote_id: number;
  quote_number: string;
  line_id: number;
  line_no: number;
  supplier: string | null;
  base_unit_price: string | null;
};

/** GET /capexsummary/category-names */
export type CategoryName = {
  id: number;
  code: string;
  name: string;
  tier: number;
  parent_id: number | null;
  path: string;
};
