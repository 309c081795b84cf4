/**
 * The step machine every wizard shares (product 2.1, 2.3, 4.1): which step shows, how far the
 * visitor got, where they may go, and when they may send. Its transitions are one table
 * (STEP_TABLE) whose guards are named; a wizard adds its own steps and the guards for leaving
 * them (wizardMachine). Pure: slices ask it and apply what it answers.
 */
import { rowFor, type Guards, type Table } from '../machine/table';
import { OPEN, submissionRows, type SubmissionEvent, type SubmitStatus } from './submission';

/** The step every wizard ends with unless its options hide it: the contact form, which sends. */
export const CONTACT_STEP = 'contact';

export interface StepContext {
  /** 1-based. */
  step: number;
  /** The highest step reached: steps are created only once reached. */
  maxStep: number;
  status: SubmitStatus;
  /** Without its contact step the wizard hands what it assembled to the host instead. */
  hideContactStep: boolean;
}

/**
 * What a row changes: the step, the status, and `submitRefused` when a send was refused for
 * missing data (the step header then points to the steps missing it).
 */
export type StepChanges = Partial<StepContext & { submitRefused: boolean }>;

export type WizardEvent =
  { type: 'JUMP'; step: number } | { type: 'NEXT' } | { type: 'BACK' } | SubmissionEvent;

/** The guards the step table names; a wizard's own guards decide `mayLeave`, `mayJumpAhead` and `complete`. */
export type StepGuard =
  | 'beforeLast'
  | 'afterFirst'
  | 'mayLeave'
  | 'stepExists'
  | 'notCurrent'
  | 'toFirst'
  | 'mayJumpAhead'
  | 'onContactStep'
  | 'complete'
  | 'incomplete';

/** The changes of the context a row makes (besides its status). */
export type StepChange = 'forward' | 'back' | 'jump' | 'refuse';

/**
 * Its states are the submission's statuses; the step is the context the rows change. A send
 * with data missing (a step the header jumped past) is refused: nothing incomplete is sent,
 * and the header points to what is missing.
 */
export const STEP_TABLE: Table<SubmitStatus, WizardEvent['type'], StepGuard, StepChange> = {
  rows: [
    { from: OPEN, on: 'NEXT', when: ['beforeLast', 'mayLeave'], does: 'forward' },
    { from: OPEN, on: 'BACK', when: ['afterFirst'], does: 'back' },
    { from: OPEN, on: 'JUMP', when: ['notCurrent', 'toFirst'], does: 'jump' },
    { from: OPEN, on: 'JUMP', when: ['stepExists', 'notCurrent', 'mayJumpAhead'], does: 'jump' },
    ...submissionRows<StepGuard>(['onContactStep', 'complete']),
    { from: OPEN, on: 'SUBMIT', when: ['incomplete'], does: 'refuse' },
  ],
};

const CHANGES: Record<StepChange, (ctx: StepContext, event: WizardEvent) => StepChanges> = {
  forward: (ctx) => ({ step: ctx.step + 1, maxStep: Math.max(ctx.maxStep, ctx.step + 1) }),
  back: (ctx) => ({ step: ctx.step - 1 }),
  jump: (ctx, event) => {
    const { step } = event as { step: number };
    return { step, maxStep: Math.max(ctx.maxStep, step) };
  },
  refuse: () => ({ submitRefused: true }),
};

/** A wizard's own table: its steps and the named guards for leaving them. */
export interface WizardTable<Id extends string, C extends StepContext, Guard extends string> {
  /**
   * The wizard's steps before the contact step, in the order they show (may depend on its
   * options). The same array for the same options: the step list is derived from it once.
   */
  steps(ctx: C): readonly Id[];
  guards: Record<Guard, (ctx: C) => boolean>;
  /** Per step, the guard that must hold to leave it forwards; a step without one leaves freely. */
  leave: Partial<Record<Id, Guard>>;
  /** The guards that must hold for the header to open any step after the first. */
  jumpAhead: readonly Guard[];
}

export type StepOf<Id extends string> = Id | typeof CONTACT_STEP;

export interface WizardMachine<Id extends string, C extends StepContext> {
  /** Every guard the step table names, for this wizard. */
  guards: Guards<StepGuard, C, WizardEvent>;
  stepsOf(ctx: Pick<C, 'hideContactStep'> & Partial<C>): readonly StepOf<Id>[];
  currentStepId(ctx: C): StepOf<Id>;
  /** The changes an event makes, or null when the machine does not allow it now. */
  transition(ctx: C, event: WizardEvent): StepChanges | null;
  can(ctx: C, event: WizardEvent): boolean;
  /** Whether everything to send is there (product 2.1.11): every leaving guard holds. */
  isComplete(ctx: C): boolean;
  /** The steps whose data is still missing (what a refused submit points the visitor to). */
  missingSteps(ctx: C): StepOf<Id>[];
}

export function wizardMachine<Id extends string, C extends StepContext, Guard extends string>(
  table: WizardTable<Id, C, Guard>,
): WizardMachine<Id, C> {
  const withContact = new WeakMap<readonly Id[], readonly StepOf<Id>[]>();
  const stepsOf = (ctx: Pick<C, 'hideContactStep'> & Partial<C>): readonly StepOf<Id>[] => {
    const own = table.steps(ctx as C);
    if (ctx.hideContactStep) return own;
    let steps = withContact.get(own);
    if (!steps) withContact.set(own, (steps = [...own, CONTACT_STEP]));
    return steps;
  };
  const currentStepId = (ctx: C) => {
    const steps = stepsOf(ctx);
    return steps[ctx.step - 1] ?? steps[0]!;
  };
  const holds = (ctx: C, guard: Guard | undefined) => !guard || table.guards[guard](ctx);
  const leaving = (ctx: C, step: StepOf<Id>) => holds(ctx, table.leave[step as Id]);
  const isComplete = (ctx: C) => stepsOf(ctx).every((step) => leaving(ctx, step));
  const target = (event: WizardEvent) => (event as { step: number }).step;
  const guards: Guards<StepGuard, C, WizardEvent> = {
    beforeLast: (ctx) => ctx.step < stepsOf(ctx).length,
    afterFirst: (ctx) => ctx.step > 1,
    mayLeave: (ctx) => leaving(ctx, currentStepId(ctx)),
    stepExists: (ctx, event) =>
      Number.isInteger(target(event)) && target(event) >= 1 && target(event) <= stepsOf(ctx).length,
    notCurrent: (ctx, event) => target(event) !== ctx.step,
    toFirst: (_ctx, event) => target(event) === 1,
    mayJumpAhead: (ctx) => table.jumpAhead.every((guard) => holds(ctx, guard)),
    onContactStep: (ctx) => currentStepId(ctx) === CONTACT_STEP,
    complete: isComplete,
    incomplete: (ctx) => !isComplete(ctx),
  };
  const transition = (ctx: C, event: WizardEvent): StepChanges | null => {
    const row = rowFor(STEP_TABLE, guards, ctx.status, ctx, event);
    if (!row) return null;
    return {
      ...(row.to ? { status: row.to } : {}),
      ...(row.does ? CHANGES[row.does](ctx, event) : {}),
    };
  };
  return {
    guards,
    stepsOf,
    currentStepId,
    transition,
    can: (ctx, event) => transition(ctx, event) !== null,
    isComplete,
    missingSteps: (ctx) => stepsOf(ctx).filter((step) => !leaving(ctx, step)),
  };
}

/** Where a restored draft may stand: never past its steps, nor past what the guards allow. */
export function clampSteps(
  raw: { step?: unknown; maxStep?: unknown },
  stepCount: number,
  mayLeaveFirst: boolean,
): { step: number; maxStep: number } {
  if (!mayLeaveFirst) return { step: 1, maxStep: 1 };
  const maxStep = Number.isInteger(raw.maxStep)
    ? Math.min(Math.max(raw.maxStep as number, 1), stepCount)
    : 1;
  const step = Number.isInteger(raw.step) ? Math.min(Math.max(raw.step as number, 1), maxStep) : 1;
  return { step, maxStep };
}
