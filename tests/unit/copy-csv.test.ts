import { describe, expect, it } from 'vitest';
import { csvLine } from '../../src/server/db/copy-csv';
import { numericText } from '../../src/server/entities/copy-insert';

describe('numericText: a decimal as PostgreSQL answers it at its scale (the audit of an imported row)', () => {
  it.each([
    ['7', 2, '7.00'],
    ['7.5', 6, '7.500000'],
    ['-1.5', 2, '-1.50'],
    ['007.25', 2, '7.25'],
    ['-0', 2, '0.00'],
    ['-0.00', 2, '0.00'],
    ['0.000', 0, '0'],
    ['12345678901234567890.123456', 6, '12345678901234567890.123456'],
  ])('%s at scale %i is %s', (value, scale, expected) => {
    expect(numericText(value, scale)).toBe(expected);
  });

  it('rounds as the database does when given more places than the scale', () => {
    expect(numericText('2.345', 2)).toBe('2.35');
  });
});

describe('csvLine', () => {
  it('writes null as an empty unquoted field and every value quoted with \\x01, doubling only that character', () => {
    expect(csvLine([1, null, '', 'a "b", c', true, 'x\u0001y'])).toBe('\u00011\u0001,,\u0001\u0001,\u0001a "b", c\u0001,\u0001true\u0001,\u0001x\u0001\u0001y\u0001\n');
  });
});
