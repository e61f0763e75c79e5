import { describe, expect, it } from 'vitest';
import { wrapLabel } from '../../src/features/capex/axis-label';

/** The CAPEX charts' axis labels (issue #29 item 9): wrapped on words to the bar's width, at most three lines. */
describe('wrapLabel', () => {
  it('keeps a name that fits on one line', () => {
    expect(wrapLabel('200 Grinding', 20)).toEqual(['200 Grinding']);
  });
  it('wraps on words, and cuts a word longer than a line with an ellipsis', () => {
    expect(wrapLabel('200 Grinding and classification', 10)).toEqual(['200', 'Grinding', 'and…']);
    expect(wrapLabel('Concentrate', 6)).toEqual(['Conce…']);
  });
  it('ends the last of three lines with an ellipsis when more is left, never past the width', () => {
    const lines = wrapLabel('100 Primary crushing and coarse ore stockpile', 9);
    expect(lines).toEqual(['100', 'Primary', 'crushing…']);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(9);
  });
});
