import { PRICE_BASIS_LABELS, type CapexGroup, type CapexSummary } from '../../../../lib/capex';
import { groupDecimal } from '../../../../schemas/display-format';
import { capexSummary } from '../../capex';
import type { DocColumn, DocRow, DocSection } from '../document-model';
import type { SourceContext, SourceResult } from './source-context';

/**
 * The CAPEX estimate deliverable (#31 item 2): the summary (equipment, installation, bulks, direct field cost,
 * EPCM, owner's costs, contingency, TIC) with its basis, class and accuracy band, the groups by category and area,
 * and the tag detail. In the workbook every figure is a formula a reader can follow: a tag's equipment is
 * ROUND(qty x unit price, 2), its installation and bulks ROUND(equipment x factor, 2); the summary sums the tag
 * detail's columns and applies the percentages it prints.
 */

const n = (value: string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

function summarySection(s: CapexSummary, currency: string): DocSection {
  const { totals, settings } = s;
  const row = (
    key: string,
    item: string,
    pct: number | null,
    value: string,
    formula: string,
    strong = false,
  ): DocRow => ({ key: `sum:${key}`, strong, cells: [item, pct, { value: n(value), formula }] });
  const amount = (key: string) => `{amount@sum:${key}}`;
  const rows: DocRow[] = [
    row('equipment', 'Equipment', null, totals.equipment, 'SUM({equipment@#tags})'),
    row('installation', 'Installation', null, totals.installation, 'SUM({installation@#tags})'),
    row('bulks', 'Bulks', null, totals.bulks, 'SUM({bulks@#tags})'),
    row(
      'direct_field',
      'Direct field cost',
      null,
      totals.direct_field,
      `${amount('equipment')}+${amount('installation')}+${amount('bulks')}`,
      true,
    ),
    row('epcm', 'EPCM', n(settings.epcm_pct), totals.epcm, `ROUND(${amount('direct_field')}*{pct}/100,2)`),
    row(
      'owners',
      "Owner's costs",
      n(settings.owners_pct),
      totals.owners,
      `ROUND(${amount('direct_field')}*{pct}/100,2)`,
    ),
    row(
      'contingency',
      'Contingency',
      n(settings.contingency_pct),
      totals.contingency,
      `ROUND((${amount('direct_field')}+${amount('epcm')}+${amount('owners')})*{pct}/100,2)`,
    ),
    row(
      'tic',
      'Total installed cost (TIC)',
      null,
      totals.tic,
      `${amount('direct_field')}+${amount('epcm')}+${amount('owners')}+${amount('contingency')}`,
      true,
    ),
  ];
  const band = s.accuracy;
  const notes = [
    `Estimate date ${s.project.estimate_date}${s.project.estimate_date_set ? '' : ' (today: the project has none)'}; every price escalated to it by the cost indices and converted to ${currency} at its rates.`,
    band
      ? `AACE class ${band.estimate_class}: low ${band.low_pct.join(' to ')} % (${band.low.map((v) => groupDecimal(v, 2)).join(' to ')} ${currency}), high +${band.high_pct.join(' to +')} % (${band.high.map((v) => groupDecimal(v, 2)).join(' to ')} ${currency}).`
      : "No estimate class: set the project's class for its accuracy band.",
    `Factors: installation ${settings.install_factor}, bulks ${settings.bulks_factor} (categories without their own); firm quotes price ${s.firm_share_pct ?? '0'} % of the equipment cost. ${s.lang.verdict}`,
  ];
  return {
    title: `CAPEX estimate: ${s.project.project_number ?? ''} ${s.project.name}`.trim(),
    notes,
    columns: [
      { key: 'item', label: 'Item', kind: 'text', width: 30 },
      { key: 'pct', label: 'Percentage', unit: '%', kind: 'number', decimals: 2, width: 10 },
      { key: 'amount', label: 'Amount', unit: currency, kind: 'number', decimals: 2, width: 16 },
    ],
    rows,
  };
}

function groupSection(title: string, groups: readonly CapexGroup[], currency: string, key: string): DocSection {
  const m = (k: string, label: string): DocColumn => ({
    key: k,
    label,
    unit: currency,
    kind: 'number',
    decimals: 2,
    width: 14,
  });
  return {
    title,
    columns: [
      { key: 'group', label: 'Group', kind: 'text', width: 30 },
      { key: 'tags', label: 'Tags', kind: 'number', width: 6 },
      m('equipment', 'Equipment'),
      m('installation', 'Installation'),
      m('bulks', 'Bulks'),
      m('direct_field', 'Direct field cost'),
      m('firm', 'On firm quotes'),
    ],
    rows: groups.map((g) => ({
      key: `${key}:${g.key}`,
      cells: [
        g.tier ? `${'  '.repeat(g.tier - 1)}${g.label}` : g.label,
        g.tags,
        n(g.equipment),
        n(g.installation),
        n(g.bulks),
        n(g.direct_field),
        n(g.firm),
      ],
    })),
  };
}

function tagSection(s: CapexSummary, currency: string): DocSection {
  const m = (k: string, label: string, total = true): DocColumn => ({
    key: k,
    label,
    unit: currency,
    kind: 'number',
    decimals: 2,
    width: 13,
    total,
  });
  return {
    id: 'tags',
    title: 'Tag detail',
    newPage: true,
    columns: [
      { key: 'tag', label: 'Tag', kind: 'text', width: 13 },
      { key: 'description', label: 'Description', kind: 'text', width: 24 },
      { key: 'area', label: 'Area', kind: 'text', width: 6 },
      { key: 'basis', label: 'Basis', kind: 'text', width: 12 },
      { key: 'qty', label: 'Qty', kind: 'number', width: 5 },
      m('unit_price', 'Unit price', false),
      { key: 'install_factor', label: 'Install. factor', kind: 'number', decimals: 3, width: 8 },
      { key: 'bulks_factor', label: 'Bulks factor', kind: 'number', decimals: 3, width: 8 },
      m('equipment', 'Equipment'),
      m('installation', 'Installation'),
      m('bulks', 'Bulks'),
      m('direct_field', 'Direct field cost'),
    ],
    rows: s.tags.map((t) => ({
      key: `tag:${t.id}`,
      cells: [
        t.tagno,
        t.description,
        t.area,
        PRICE_BASIS_LABELS[t.basis],
        t.quantity,
        n(t.unit_price),
        n(t.install_factor),
        n(t.bulks_factor),
        { value: n(t.equipment), formula: 'ROUND(N({qty})*N({unit_price}),2)' },
        { value: n(t.installation), formula: 'ROUND({equipment}*{install_factor},2)' },
        { value: n(t.bulks), formula: 'ROUND({equipment}*{bulks_factor},2)' },
        { value: n(t.direct_field), formula: '{equipment}+{installation}+{bulks}' },
      ],
    })),
    totalLabel: 'Total',
  };
}

export async function capexEstimate(ctx: SourceContext): Promise<SourceResult> {
  const summary = await capexSummary(ctx.db, ctx.projectId);
  const currency = summary.project.base_currency ?? '';
  return {
    sections: [
      summarySection(summary, currency),
      groupSection('By price basis', summary.by_basis, currency, 'basis'),
      groupSection('By category', summary.by_category, currency, 'category'),
      groupSection('By area', summary.by_area, currency, 'area'),
      tagSection(summary, currency),
    ],
  };
}
