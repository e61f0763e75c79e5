import { describe, expect, it } from 'vitest';
import { csvLine } from '../../src/server/db/copy-csv';

describe('csvLine', () => {
  it('writes null as an empty unquoted field and every value quoted with \\x01, doubling only that character', () => {
    expect(csvLine([1, null, '', 'a "b", c', true, 'x\u0001y'])).toBe(
      '\u00011\u0001,,\u0001\u0001,\u0001a "b", c\u0001,\u0001true\u0001,\u0001x\u0001\u0001y\u0001\n',
    );
  });
});
