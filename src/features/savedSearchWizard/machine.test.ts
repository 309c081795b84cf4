/**
 * The saved-search wizard's table (product 2.3, 5.8), walked on the shared step table: each
 * step left only with its data, the header open once regions and a category are chosen, and
 * only a whole saved search sent.
 */
import { walkTable, type Case } from '../../../test/tables';
import { STEP_TABLE, type WizardEvent } from '../../wizard/stepMachine';
import type { SubmitStatus } from '../../wizard/submission';
import { savedSearchMachine, type MachineContext } from './machine';

const { stepsOf, isComplete, missingSteps, can } = savedSearchMachine;

const STEP = { regions: 1, category: 2, details: 3, contact: 4 };
const ROW = {
  next: 0,
  back: 1,
  jumpFirst: 2,
  jumpAhead: 3,
  submit: 4,
  succeeded: 5,
  failed: 6,
  refuse: 8,
};
const whole = { regionIds: [1], categoryId: 30225 };

const at = (id: keyof typeof STEP, more: Partial<MachineContext> = {}): MachineContext => ({
  step: STEP[id],
  maxStep: STEP[id],
  status: 'editing',
  hideContactStep: false,
  regionIds: null,
  categoryId: null,
  ...more,
});
const c = (
  ctx: MachineContext,
  event: WizardEvent,
  row: number | null,
): Case<SubmitStatus, MachineContext, WizardEvent> => ({ state: ctx.status, ctx, event, row });

describe('saved-search wizard machine, walked as a table', () => {
  it('leaves each step only with its data, opens the header once both are chosen, sends only a whole search', () => {
    const cases = [
      c(at('regions'), { type: 'NEXT' }, null),
      c(at('regions', { regionIds: [] }), { type: 'NEXT' }, null),
      c(at('regions', { regionIds: [3] }), { type: 'NEXT' }, ROW.next),
      c(at('category', { regionIds: [3] }), { type: 'NEXT' }, null),
      c(at('category', whole), { type: 'NEXT' }, ROW.next),
      c(at('details'), { type: 'NEXT' }, ROW.next),
      c(at('contact', whole), { type: 'NEXT' }, null),
      c(at('category'), { type: 'BACK' }, ROW.back),
      c(at('regions'), { type: 'BACK' }, null),
      c(at('details'), { type: 'JUMP', step: 1 }, ROW.jumpFirst),
      c(at('regions', whole), { type: 'JUMP', step: 1 }, null),
      c(at('regions', { regionIds: [3] }), { type: 'JUMP', step: 3 }, null),
      c(at('regions', { categoryId: 30225 }), { type: 'JUMP', step: 3 }, null),
      c(at('regions', whole), { type: 'JUMP', step: 3 }, ROW.jumpAhead),
      c(at('regions', whole), { type: 'JUMP', step: 5 }, null),
      c(at('category', whole), { type: 'JUMP', step: 2 }, null),
      c(at('contact', whole), { type: 'SUBMIT' }, ROW.submit),
      c(at('contact', { regionIds: [], categoryId: 30225 }), { type: 'SUBMIT' }, ROW.refuse),
      c(at('details', whole), { type: 'SUBMIT' }, null),
      c(at('contact', { ...whole, status: 'loading' }), { type: 'SUCCEEDED' }, ROW.succeeded),
      c(at('contact', { ...whole, status: 'loading' }), { type: 'FAILED' }, ROW.failed),
      c(at('contact', whole), { type: 'FAILED' }, null),
      c(at('contact', whole), { type: 'INVALID' }, 7),
      c(at('contact', { ...whole, status: 'loading' }), { type: 'INVALID' }, null),
    ];
    expect(walkTable(STEP_TABLE, savedSearchMachine.guards, cases)).toEqual({
      wrong: [],
      never: [],
      unrefused: [],
    });
  });

  it('has regions, category, details and contact, without the contact step when hidden', () => {
    expect(stepsOf({ hideContactStep: false })).toEqual([
      'regions',
      'category',
      'details',
      'contact',
    ]);
    expect(stepsOf({ hideContactStep: true })).toEqual(['regions', 'category', 'details']);
    expect(can(at('details', { ...whole, hideContactStep: true }), { type: 'NEXT' })).toBe(false);
  });

  it('is complete with a region and a category, and names what a refused submit lacks', () => {
    expect(isComplete(at('contact', whole))).toBe(true);
    expect(isComplete(at('contact', { regionIds: [3] }))).toBe(false);
    expect(missingSteps(at('contact'))).toEqual(['regions', 'category']);
    expect(missingSteps(at('contact', { regionIds: [3] }))).toEqual(['category']);
  });
});
