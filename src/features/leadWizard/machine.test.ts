import { walkTable, type Case } from '../../../test/tables';
import { STEP_TABLE, type WizardEvent } from '../../wizard/stepMachine';
import type { SubmitStatus } from '../../wizard/submission';
import { leadMachine, STEP_ORDERS, type MachineContext } from './machine';

const { can, currentStepId, isComplete, missingSteps, stepsOf, transition } = leadMachine;

const base: MachineContext = {
  order: 'category-first',
  hideContactStep: false,
  step: 1,
  maxStep: 1,
  status: 'editing',
  categoryId: null,
  location: null,
};
const ctx = (overrides: Partial<MachineContext>): MachineContext => ({ ...base, ...overrides });
const located = { lat: 52.5, lng: 13.4 };

/** The rows of the step table (wizard/stepMachine.ts) the lead's events take. */
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

describe('lead wizard machine, walked as a table', () => {
  it.each(Object.keys(STEP_ORDERS) as (keyof typeof STEP_ORDERS)[])(
    '%s: each step is left only with its data, the header opens the rest once a category is chosen, and only a whole lead is sent',
    (order) => {
      const steps = stepsOf({ order, hideContactStep: false });
      const at = (id: string, more: Partial<MachineContext> = {}): MachineContext => {
        const step = steps.indexOf(id as (typeof steps)[number]) + 1;
        return { ...base, order, step, maxStep: step, ...more };
      };
      const c = (
        ctx: MachineContext,
        event: WizardEvent,
        row: number | null,
      ): Case<SubmitStatus, MachineContext, WizardEvent> => ({
        state: ctx.status,
        ctx,
        event,
        row,
      });
      const whole = { categoryId: 30225, location: located };
      const cases = [
        c(at('category'), { type: 'NEXT' }, null),
        c(at('category', { categoryId: 30225 }), { type: 'NEXT' }, ROW.next),
        c(at('address'), { type: 'NEXT' }, null),
        c(at('address', { location: { lat: 52.5, lng: null } }), { type: 'NEXT' }, null),
        c(at('address', { location: located }), { type: 'NEXT' }, ROW.next),
        c(at('details'), { type: 'NEXT' }, ROW.next),
        c(at('contact', whole), { type: 'NEXT' }, null),
        c(at('details'), { type: 'BACK' }, ROW.back),
        c({ ...base, order, step: 1 }, { type: 'BACK' }, null),
        c(at('contact'), { type: 'JUMP', step: 1 }, ROW.jumpFirst),
        c({ ...base, order, step: 1, categoryId: 30225 }, { type: 'JUMP', step: 1 }, null),
        c(at('address'), { type: 'JUMP', step: 4 }, null),
        c(at('address', { categoryId: 30225 }), { type: 'JUMP', step: 4 }, ROW.jumpAhead),
        c(at('address', { categoryId: 30225 }), { type: 'JUMP', step: 5 }, null),
        c(
          at('address', { categoryId: 30225 }),
          { type: 'JUMP', step: steps.indexOf('address') + 1 },
          null,
        ),
        c(at('contact', whole), { type: 'SUBMIT' }, ROW.submit),
        c(at('contact', { categoryId: 30225 }), { type: 'SUBMIT' }, ROW.refuse),
        c(at('details', whole), { type: 'SUBMIT' }, null),
        c(at('contact', { ...whole, status: 'loading' }), { type: 'SUCCEEDED' }, ROW.succeeded),
        c(at('contact', { ...whole, status: 'loading' }), { type: 'FAILED' }, ROW.failed),
        c(at('contact', whole), { type: 'SUCCEEDED' }, null),
        c(at('contact', whole), { type: 'FAILED' }, null),
        c(at('contact', whole), { type: 'INVALID' }, 7),
        c(at('contact', { ...whole, status: 'sent' }), { type: 'INVALID' }, null),
      ];
      expect(walkTable(STEP_TABLE, leadMachine.guards, cases)).toEqual({
        wrong: [],
        never: [],
        unrefused: [],
      });
    },
  );
});

describe('lead wizard machine', () => {
  it('orders the steps by the option, and drops the contact step when hidden', () => {
    expect(stepsOf(base)).toEqual(['category', 'address', 'details', 'contact']);
    expect(stepsOf(ctx({ order: 'address-first' }))).toEqual([
      'address',
      'category',
      'details',
      'contact',
    ]);
    expect(stepsOf(ctx({ hideContactStep: true }))).toEqual(['category', 'address', 'details']);
    expect(currentStepId(ctx({ order: 'address-first', step: 2 }))).toBe('category');
  });

  describe('NEXT', () => {
    it('leaves the category step only with a category', () => {
      expect(can(base, { type: 'NEXT' })).toBe(false);
      expect(transition(ctx({ categoryId: 30225 }), { type: 'NEXT' })).toEqual({
        step: 2,
        maxStep: 2,
      });
    });

    it('leaves the address step only with a coordinate', () => {
      const atAddress = ctx({ categoryId: 30225, step: 2, maxStep: 2 });
      expect(can(atAddress, { type: 'NEXT' })).toBe(false);
      expect(can({ ...atAddress, location: { lat: 52.5, lng: null } }, { type: 'NEXT' })).toBe(
        false,
      );
      expect(transition({ ...atAddress, location: located }, { type: 'NEXT' })).toEqual({
        step: 3,
        maxStep: 3,
      });
    });

    it('leaves details freely, never past the last step', () => {
      expect(transition(ctx({ categoryId: 1, step: 3, maxStep: 3 }), { type: 'NEXT' })).toEqual({
        step: 4,
        maxStep: 4,
      });
      expect(can(ctx({ categoryId: 1, step: 4, maxStep: 4 }), { type: 'NEXT' })).toBe(false);
      expect(
        can(ctx({ categoryId: 1, step: 3, maxStep: 3, hideContactStep: true }), { type: 'NEXT' }),
      ).toBe(false);
    });

    it('in address-first order asks for the coordinate first', () => {
      const first = ctx({ order: 'address-first' });
      expect(can(first, { type: 'NEXT' })).toBe(false);
      expect(transition({ ...first, location: located }, { type: 'NEXT' })).toEqual({
        step: 2,
        maxStep: 2,
      });
      expect(
        can(ctx({ order: 'address-first', step: 2, maxStep: 2, location: located }), {
          type: 'NEXT',
        }),
      ).toBe(false);
    });

    it('keeps the highest step reached', () => {
      expect(transition(ctx({ categoryId: 1, step: 1, maxStep: 4 }), { type: 'NEXT' })).toEqual({
        step: 2,
        maxStep: 4,
      });
    });
  });

  describe('JUMP (the step header)', () => {
    it('opens steps 2 to 4 only once a category is chosen', () => {
      for (const step of [2, 3, 4]) expect(can(base, { type: 'JUMP', step })).toBe(false);
      const chosen = ctx({ categoryId: 30225, step: 2, maxStep: 2 });
      expect(transition(chosen, { type: 'JUMP', step: 4 })).toEqual({ step: 4, maxStep: 4 });
      expect(transition(chosen, { type: 'JUMP', step: 1 })).toEqual({ step: 1, maxStep: 2 });
    });

    it('refuses the current step, steps that do not exist, and any jump while sending or sent', () => {
      const chosen = ctx({ categoryId: 30225, step: 2, maxStep: 2 });
      expect(can(chosen, { type: 'JUMP', step: 2 })).toBe(false);
      expect(can(chosen, { type: 'JUMP', step: 0 })).toBe(false);
      expect(can(chosen, { type: 'JUMP', step: 5 })).toBe(false);
      expect(can({ ...chosen, hideContactStep: true }, { type: 'JUMP', step: 4 })).toBe(false);
      expect(can({ ...chosen, status: 'loading' }, { type: 'JUMP', step: 1 })).toBe(false);
      expect(can({ ...chosen, status: 'sent' }, { type: 'JUMP', step: 1 })).toBe(false);
    });
  });

  it('BACK goes one step back, not before the first, not while sending', () => {
    expect(transition(ctx({ step: 3, maxStep: 3, categoryId: 1 }), { type: 'BACK' })).toEqual({
      step: 2,
    });
    expect(can(base, { type: 'BACK' })).toBe(false);
    expect(can(ctx({ step: 4, status: 'loading' }), { type: 'BACK' })).toBe(false);
  });

  describe('submission', () => {
    const atContact = ctx({ categoryId: 30225, step: 4, maxStep: 4, location: located });

    it('SUBMIT only on the contact step, once', () => {
      expect(transition(atContact, { type: 'SUBMIT' })).toEqual({ status: 'loading' });
      expect(can({ ...atContact, step: 3 }, { type: 'SUBMIT' })).toBe(false);
      expect(can({ ...atContact, status: 'loading' }, { type: 'SUBMIT' })).toBe(false);
      expect(can({ ...atContact, status: 'sent' }, { type: 'SUBMIT' })).toBe(false);
      expect(transition({ ...atContact, status: 'error' }, { type: 'SUBMIT' })).toEqual({
        status: 'loading',
      });
      expect(transition({ ...atContact, status: 'userError' }, { type: 'SUBMIT' })).toEqual({
        status: 'loading',
      });
    });

    it('SUBMIT never sends a lead without its address, even after a jump in the header', () => {
      const jumped = ctx({ categoryId: 30225, step: 4, maxStep: 2, location: null });
      expect(transition(jumped, { type: 'SUBMIT' })).toEqual({ submitRefused: true });
      expect(missingSteps(jumped)).toEqual(['address']);
      const noPin = { ...jumped, location: { lat: null, lng: null } };
      expect(transition(noPin, { type: 'SUBMIT' })).toEqual({ submitRefused: true });
      expect(missingSteps(atContact)).toEqual([]);
    });

    it('SUCCEEDED and FAILED only while sending', () => {
      const sending = { ...atContact, status: 'loading' as const };
      expect(transition(sending, { type: 'SUCCEEDED' })).toEqual({ status: 'sent' });
      expect(transition(sending, { type: 'FAILED' })).toEqual({ status: 'error' });
      expect(can(atContact, { type: 'SUCCEEDED' })).toBe(false);
      expect(can(atContact, { type: 'FAILED' })).toBe(false);
    });

    it('INVALID marks a failed input check, unless sending or sent', () => {
      expect(transition(atContact, { type: 'INVALID' })).toEqual({ status: 'userError' });
      expect(can({ ...atContact, status: 'loading' }, { type: 'INVALID' })).toBe(false);
      expect(can({ ...atContact, status: 'sent' }, { type: 'INVALID' })).toBe(false);
    });
  });

  it('is complete with a location and a category', () => {
    expect(isComplete(base)).toBe(false);
    expect(isComplete(ctx({ categoryId: 1 }))).toBe(false);
    expect(isComplete(ctx({ location: located }))).toBe(false);
    expect(isComplete(ctx({ categoryId: 1, location: located }))).toBe(true);
  });
});
