import { describe, expect, it } from 'vitest';
import { addDays, carriedFromLabel } from '../../src/lib/meetings';
import { meetingItems } from '../../src/schemas/entities/meetings';

describe('meetings contract', () => {
  it('adds days on the calendar, across months, years and a leap day', () => {
    expect(addDays('2025-10-07', 7)).toBe('2025-10-14');
    expect(addDays('2025-12-29', 7)).toBe('2026-01-05');
    expect(addDays('2028-02-26', 7)).toBe('2028-03-04');
  });

  it("names a carried action's original by its meeting's date and item number", () => {
    expect(carriedFromLabel('2025-10-07', 4)).toBe('2025-10-07 #4');
  });

  it('holds the action rules on the row as stored: an action needs owner and due date; information and decisions take neither', () => {
    const broken = (row: Record<string, unknown>) =>
      (meetingItems.rules ?? []).filter((rule) => !rule.holds(row)).map((rule) => rule.fields[0]);
    expect(broken({ kind: 'action', owner: 'Ana', due_date: '2025-10-10' })).toEqual([]);
    expect(broken({ kind: 'action', owner: '', due_date: null })).toEqual(['owner', 'due_date']);
    expect(broken({ kind: 'decision', owner: null, due_date: null })).toEqual([]);
    expect(broken({ kind: 'information', owner: 'Ana', due_date: '2025-10-10' })).toEqual(['owner', 'due_date']);
  });
});
