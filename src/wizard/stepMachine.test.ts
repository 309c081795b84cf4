/**
 * The step machine every wizard shares, walked row by row (STEP_TABLE) on a wizard of two
 * steps and its contact step: each row taken where its guards hold, each guard refusing its
 * row alone, and what each row changes.
 */
import { walkTable, type Case } from '../../test/tables';
import {
  clampSteps,
  STEP_TABLE,
  wizardMachine,
  type StepContext,
  type WizardEvent,
} from './stepMachine';
import { SUBMIT_STATUSES, type SubmitStatus } from './submission';

interface Ctx extends StepContext {
  ready: boolean;
}
const STEPS = ['first', 'second'] as const;
const machine = wizardMachine({
  steps: (_ctx: Ctx) => STEPS,
  guards: { ready: (ctx) => ctx.ready },
  leave: { first: 'ready' },
  jumpAhead: ['ready'],
});
const at = (step: number, more: Partial<Ctx> = {}): Ctx => ({
  step,
  maxStep: step,
  status: 'editing',
  hideContactStep: false,
  ready: true,
  ...more,
});
const ev = {
  next: { type: 'NEXT' },
  back: { type: 'BACK' },
  jump: (step: number) => ({ type: 'JUMP', step }) as const,
  submit: { type: 'SUBMIT' },
  succeeded: { type: 'SUCCEEDED' },
  failed: { type: 'FAILED' },
  invalid: { type: 'INVALID' },
} as const;
const c = (
  ctx: Ctx,
  event: WizardEvent,
  row: number | null,
): Case<SubmitStatus, Ctx, WizardEvent> => ({
  state: ctx.status,
  ctx,
  event,
  row,
});

const CASES = [
  // NEXT (row 0): forwards while not on the last step and the step's guard holds.
  c(at(1), ev.next, 0),
  c(at(1, { ready: false }), ev.next, null),
  c(at(3), ev.next, null),
  c(at(2, { ready: false }), ev.next, 0),
  // BACK (row 1): not before the first step.
  c(at(2), ev.back, 1),
  c(at(1), ev.back, null),
  // JUMP to the first step (row 2) is always open; further ones (row 3) once jumpAhead holds.
  c(at(3), ev.jump(1), 2),
  c(at(1, { ready: false }), ev.jump(3), null),
  c(at(1), ev.jump(3), 3),
  c(at(1), ev.jump(1), null),
  c(at(2), ev.jump(4), null),
  c(at(2), ev.jump(1.5), null),
  c(at(2), ev.jump(0), null),
  // SUBMIT (row 4): only on the contact step, and only with everything there; with data
  // missing it is refused (row 8), wherever the visitor stands.
  c(at(3), ev.submit, 4),
  c(at(2), ev.submit, null),
  c(at(3, { ready: false }), ev.submit, 8),
  c(at(2, { ready: false }), ev.submit, 8),
  c(at(2, { hideContactStep: true }), ev.submit, null),
  // The submission's outcome (rows 5, 6) only while sending; INVALID (row 7) while open.
  ...SUBMIT_STATUSES.flatMap((status) => [
    c(at(3, { status }), ev.succeeded, status === 'loading' ? 5 : null),
    c(at(3, { status }), ev.failed, status === 'loading' ? 6 : null),
    c(at(3, { status }), ev.invalid, status === 'loading' || status === 'sent' ? null : 7),
  ]),
  // Sending or sent, the form stays as it is.
  ...(['loading', 'sent'] as const).flatMap((status) => [
    c(at(2, { status }), ev.next, null),
    c(at(2, { status }), ev.back, null),
    c(at(2, { status }), ev.jump(1), null),
    c(at(3, { status }), ev.submit, null),
    c(at(3, { status, ready: false }), ev.submit, null),
  ]),
  // A failed or refused send may be sent again, and the visitor may still move.
  c(at(3, { status: 'error' }), ev.submit, 4),
  c(at(3, { status: 'userError' }), ev.back, 1),
];

describe('the step machine, row by row', () => {
  it('takes each row where its guards hold, and each guard alone refuses its row', () => {
    expect(walkTable(STEP_TABLE, machine.guards, CASES)).toEqual({
      wrong: [],
      never: [],
      unrefused: [],
    });
  });

  it('moves forward, back and by the header, keeping the highest step reached', () => {
    expect(machine.transition(at(1), ev.next)).toEqual({ step: 2, maxStep: 2 });
    expect(machine.transition(at(1, { maxStep: 3 }), ev.next)).toEqual({ step: 2, maxStep: 3 });
    expect(machine.transition(at(3), ev.back)).toEqual({ step: 2 });
    expect(machine.transition(at(1), ev.jump(3))).toEqual({ step: 3, maxStep: 3 });
    expect(machine.transition(at(3), ev.jump(1))).toEqual({ step: 1, maxStep: 3 });
  });

  it('changes only the status on the submission events', () => {
    expect(machine.transition(at(3), ev.submit)).toEqual({ status: 'loading' });
    expect(machine.transition(at(3, { status: 'loading' }), ev.succeeded)).toEqual({
      status: 'sent',
    });
    expect(machine.transition(at(3, { status: 'loading' }), ev.failed)).toEqual({
      status: 'error',
    });
    expect(machine.transition(at(2), ev.invalid)).toEqual({ status: 'userError' });
  });

  it('refuses a send with data missing: the status stays, submitRefused is set', () => {
    expect(machine.transition(at(3, { ready: false }), ev.submit)).toEqual({
      submitRefused: true,
    });
    expect(machine.transition(at(3, { ready: false, status: 'error' }), ev.submit)).toEqual({
      submitRefused: true,
    });
  });

  it('ends with the contact step unless hidden, and knows what is missing', () => {
    expect(machine.stepsOf(at(1))).toEqual(['first', 'second', 'contact']);
    expect(machine.stepsOf(at(1, { hideContactStep: true }))).toEqual(['first', 'second']);
    expect(machine.stepsOf(at(1))).toBe(machine.stepsOf(at(2)));
    expect(machine.currentStepId(at(3))).toBe('contact');
    expect(machine.isComplete(at(1, { ready: false }))).toBe(false);
    expect(machine.missingSteps(at(3, { ready: false }))).toEqual(['first']);
    expect(machine.missingSteps(at(3))).toEqual([]);
  });

  it('restores a draft no further than its steps and guards allow', () => {
    expect(clampSteps({ step: 3, maxStep: 9 }, 3, true)).toEqual({ step: 3, maxStep: 3 });
    expect(clampSteps({ step: 3, maxStep: 2 }, 3, true)).toEqual({ step: 2, maxStep: 2 });
    expect(clampSteps({ step: 'x', maxStep: 2.5 }, 3, true)).toEqual({ step: 1, maxStep: 1 });
    expect(clampSteps({ step: 3, maxStep: 3 }, 3, false)).toEqual({ step: 1, maxStep: 1 });
  });
});
