import { describe, expect, it } from 'vitest';
import {
  composeLineNumber,
  decimalAtLeast,
  decimalBelow,
  derivedTestPressure,
  drawingInternalId,
  isaLettersValid,
} from '../../src/schemas/entities/project-rules';

describe('ISA-5.1 letters', () => {
  it.each(['FIT', 'PDT', 'PDIT', 'LSHH', 'LAL', 'TE', 'TT', 'FQI', 'ZSC', 'IT', 'AIT', 'LIC', 'FCV', 'fit'])(
    'accepts %s',
    (letters) => {
      expect(isaLettersValid(letters)).toBe(true);
    },
  );
  it.each(['F', 'FF', '1T', 'FIIT', 'FCS', 'FITCVAE', 'F-T'])('refuses %s', (letters) => {
    expect(isaLettersValid(letters)).toBe(false);
  });
  it('leaves an empty value to Required', () => {
    expect(isaLettersValid(null)).toBe(true);
    expect(isaLettersValid('')).toBe(true);
  });
});

describe('line numbers', () => {
  const area = (code: string | null) => (field: string) => (field === 'projarea_id' ? code : null);
  it('compose size, service, area code, three-digit sequence and spec', () => {
    expect(composeLineNumber({ size_mm: 350, service_code: 'SL', sequence: 1, pipe_spec: 'HR1' }, area('200'))).toBe(
      '350-SL-200-001-HR1',
    );
    expect(composeLineNumber({ size_mm: 50, service_code: 'PW', sequence: 1234 }, area('700'))).toBe('50-PW-700-1234');
  });
  it('are empty until every part but the spec is there', () => {
    expect(composeLineNumber({ size_mm: 350, service_code: 'SL', sequence: 1 }, area(null))).toBeNull();
    expect(composeLineNumber({ size_mm: 350, sequence: 1 }, area('200'))).toBeNull();
  });
});

describe('pressures and ranges', () => {
  it('test pressure is the typed one, else 1.5 x design', () => {
    expect(derivedTestPressure({ design_pressure_kpag: '1000' })).toBe('1500.00');
    expect(derivedTestPressure({ design_pressure_kpag: '1000', test_pressure_kpag: '1600' })).toBe('1600.00');
    expect(derivedTestPressure({})).toBeNull();
  });
  it('compare decimals written as text, an empty side always holding', () => {
    expect(decimalAtLeast('10.5', '10.50')).toBe(true);
    expect(decimalAtLeast('9.99', '10')).toBe(false);
    expect(decimalAtLeast(null, '10')).toBe(true);
    expect(decimalBelow('0', '100')).toBe(true);
    expect(decimalBelow('100', '100')).toBe(false);
  });
  it('an internal id is kept once given, else drawn up to 1,000,000', () => {
    expect(drawingInternalId({ id_internal: 4711 })).toBe(4711);
    const drawn = drawingInternalId({});
    expect(drawn).toBeGreaterThanOrEqual(1);
    expect(drawn).toBeLessThanOrEqual(1_000_000);
  });
});
