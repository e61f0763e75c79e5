import { describe, expect, it } from 'vitest';
import { decimalProduct, lineAmount } from '../../src/schemas/entities/proposal-rules';
import { proposals } from '../../src/schemas/entities/proposals';
import { schemaProblems } from '../../src/schemas/registry-check';
import {
  defineEntity,
  workflowAllows,
  workflowMoveMessage,
  workflowMovesFrom,
  type Workflow,
} from '../../src/schemas/schema-types';

const workflow = proposals.workflow as Workflow;

describe('the workflow declaration', () => {
  it('allows the declared moves, staying put and a first state, and nothing else', () => {
    expect(workflowAllows(workflow, 'draft', 'submitted')).toBe(true);
    expect(workflowAllows(workflow, 'submitted', 'won')).toBe(true);
    expect(workflowAllows(workflow, 'won', 'won')).toBe(true);
    expect(workflowAllows(workflow, null, 'won')).toBe(true);
    expect(workflowAllows(workflow, 'draft', 'won')).toBe(false);
    expect(workflowAllows(workflow, 'won', 'draft')).toBe(false);
    expect(workflowAllows(workflow, 'submitted', null)).toBe(false);
    // A state missing from moves is final; a name such as 'constructor' is no state.
    expect(workflowMovesFrom(workflow, 'lost')).toEqual([]);
    expect(workflowMovesFrom(workflow, 'constructor')).toEqual([]);
  });

  it('says a refused move in the options’ labels', () => {
    expect(workflowMoveMessage(proposals, 'won', 'draft')).toBe(
      'A proposal cannot move from Won to Draft; from Won it may move to: (none)',
    );
    expect(workflowMoveMessage(proposals, 'draft', 'lost')).toBe(
      'A proposal cannot move from Draft to Lost; from Draft it may move to: Submitted, Withdrawn',
    );
  });

  it('is refused at start-up when it names a field that is no enum, or a state that is no option', () => {
    const broken = defineEntity({ ...proposals, name: 'broken_proposals', workflow: { field: 'title', moves: {} } });
    expect(schemaProblems([broken]).filter((p) => p.includes('workflow'))).toEqual([
      'broken_proposals: workflow field title is not one of its enum fields.',
    ]);
    const unknown = defineEntity({
      ...proposals,
      name: 'odd_proposals',
      workflow: { field: 'status', moves: { draft: ['archived'] } },
    });
    expect(schemaProblems([unknown]).filter((p) => p.includes('workflow'))).toEqual([
      'odd_proposals: workflow of status names state archived, which is not one of its options.',
    ]);
  });
});

describe('exact decimal products (fee lines)', () => {
  it('multiplies decimal strings to the cent, rounding half away from zero', () => {
    expect(lineAmount({ hours: '120', rate: '185.50' })).toBe('22260.00');
    expect(lineAmount({ hours: '0.33', rate: '185.50' })).toBe('61.22');
    expect(decimalProduct('0.1', '0.2')).toBe('0.02');
    expect(decimalProduct('-1.005', '1')).toBe('-1.01');
    expect(decimalProduct('999999.99', '999999.99')).toBe('999999980000.00');
    expect(lineAmount({ hours: '', rate: '10' })).toBeNull();
    expect(decimalProduct('1e3', '2')).toBeNull();
  });
});
