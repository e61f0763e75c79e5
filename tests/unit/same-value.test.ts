import { describe, expect, it } from 'vitest';
import { lithiumProjects } from '../../src/schemas/entities/business-entities';
import { sameFieldValue } from '../../src/schemas/same-value';
import type { FieldDef } from '../../src/schemas/schema-types';

const field = (name: string) => lithiumProjects.fields.find((f) => f.name === name) as FieldDef;

describe('sameFieldValue: one rule for "nothing changed" in the grid, the forms and the server', () => {
  it('compares decimals and money as numbers, whatever their zeros', () => {
    expect(sameFieldValue(field('capacity_tpa_lce'), '1.5', '1.500000')).toBe(true);
    expect(sameFieldValue(field('capex_usd'), '0012.50', '12.5')).toBe(true);
    expect(sameFieldValue(field('capex_usd'), '-0.00', '0')).toBe(true);
    expect(sameFieldValue(field('capex_usd'), '10', '1')).toBe(false);
    expect(sameFieldValue(field('capex_usd'), '-1', '1')).toBe(false);
  });

  it('compares text exactly, digits or not', () => {
    expect(sameFieldValue(field('project'), '1.50', '1.5')).toBe(false);
    expect(sameFieldValue(field('project'), '007', '7')).toBe(false);
    expect(sameFieldValue(field('project'), 'Salar', 'Salar')).toBe(true);
  });

  it("counts '' and a missing value as empty, but not 0 or false", () => {
    expect(sameFieldValue(field('region'), '', null)).toBe(true);
    expect(sameFieldValue(field('region'), undefined, null)).toBe(true);
    expect(sameFieldValue(field('start_year'), 0, null)).toBe(false);
    expect(sameFieldValue(undefined, false, null)).toBe(false);
  });
});
