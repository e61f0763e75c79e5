import { describe, expect, it } from 'vitest';
import { completenessText } from '../../src/features/packages/package-summary';
import { packages, PACKAGE_STATUSES } from '../../src/schemas/entities/packages';
import { workflowAllows, workflowMoveMessage, workflowMovesFrom, type Workflow } from '../../src/schemas/schema-types';

const workflow = packages.workflow as Workflow;

describe("a package's status workflow", () => {
  it('reaches every state from Draft one step at a time, and Closed is final', () => {
    const seen = new Set(['draft']);
    let frontier = ['draft'];
    while (frontier.length > 0)
      frontier = frontier.flatMap((state) =>
        workflowMovesFrom(workflow, state).filter((next) => !seen.has(next) && seen.add(next)),
      );
    expect([...seen].sort()).toEqual(PACKAGE_STATUSES.map((s) => s.value).sort());
    expect(workflowMovesFrom(workflow, 'closed')).toEqual([]);
    expect(workflowMovesFrom(workflow, 'po_placed')).toEqual(['closed']);
  });

  it('allows the declared steps back before the PO and no skips', () => {
    expect(workflowAllows(workflow, 'evaluating', 'bids_received')).toBe(true);
    expect(workflowAllows(workflow, 'awarded', 'evaluating')).toBe(true);
    expect(workflowAllows(workflow, 'po_placed', 'awarded')).toBe(false);
    expect(workflowAllows(workflow, 'draft', 'awarded')).toBe(false);
    expect(workflowMoveMessage(packages, 'rfq_issued', 'evaluating')).toBe(
      'A package cannot move from RFQ issued to Evaluating; from RFQ issued it may move to: Bids received, Draft',
    );
  });
});

describe("a package's row rules", () => {
  const base = { package_number: 'PKG-1', title: 'x', project_id: 1, status: 'draft' };
  // The fields the schema's row rules put their errors on (the server checks them on every save and import).
  const fields = (row: Record<string, unknown>) =>
    (packages.rules ?? [])
      .filter((rule) => !rule.holds(row))
      .map((rule) => rule.fields[0])
      .sort();

  it('asks an awarded package for its award, and a placed PO for its number', () => {
    expect(fields({ ...base, status: 'awarded' })).toEqual(['award_amount', 'award_date', 'award_supplier_id']);
    const award = { award_supplier_id: 2, award_currency_id: 1, award_amount: '10.00', award_date: '2025-08-01' };
    expect(fields({ ...base, status: 'awarded', ...award })).toEqual([]);
    expect(fields({ ...base, status: 'po_placed', ...award })).toEqual(['po_number']);
    expect(fields({ ...base, status: 'closed', ...award, po_number: 'PO-1' })).toEqual([]);
  });

  it('refuses a bid due date before the RFQ issue date', () => {
    expect(fields({ ...base, rfq_issue_date: '2025-07-01', bid_due_date: '2025-06-30' })).toEqual(['bid_due_date']);
    expect(fields({ ...base, rfq_issue_date: '2025-07-01', bid_due_date: '2025-07-01' })).toEqual([]);
  });

  it('says completeness as "n of m items"', () => {
    expect(completenessText({ items_quoted: 3, items_in_scope: 4 })).toBe('3 of 4 items');
    expect(completenessText({ items_quoted: 0, items_in_scope: 1 })).toBe('0 of 1 item');
  });
});
