/**
 * The step machine every wizard shares (spec 2.1, 2.3, 4): which step shows, how far the
 * visitor got, and where they may go. A wizard gives its own table of steps and guards; this
 * module applies it. Pure: slices ask it and apply what it answers.
 */
import {
  isOpen,
  submissionTransition,
  type SubmissionEvent,
  type SubmitStatus,
} from './submission';

export interface StepContext {
  /** 1-based. */
  step: number;
  /** The highest step reached: steps are created only once reached. */
  maxStep: number;
  status: SubmitStatus;
}

export interface StepTable<Id extends string, C extends StepContext> {
  /** The wizard's steps in the order they show (may depend on its options). */
  steps(ctx: C): readonly Id[];
  /** What must hold to leave a step forwards. */
  canLeave: Record<Id, (ctx: C) => boolean>;
  /** What must hold for the header to open any step after the first. */
  canJumpAhead(ctx: C): boolean;
  /** What must hold, besides being on the last step, to send. */
  canSubmit(ctx: C): boolean;
}

export type WizardEvent =
  { type: 'JUMP'; step: number } | { type: 'NEXT' } | { type: 'BACK' } | SubmissionEvent;

export interface StepMachine<Id extends string, C extends StepContext> {
  stepsOf(ctx: C): readonly Id[];
  currentStepId(ctx: C): Id;
  /** The changes an event makes, or null when the machine does not allow it now. */
  transition(ctx: C, event: WizardEvent): Partial<StepContext> | null;
  can(ctx: C, event: WizardEvent): boolean;
}

export function stepMachine<Id extends string, C extends StepContext>(
  table: StepTable<Id, C>,
): StepMachine<Id, C> {
  const currentStepId = (ctx: C): Id => {
    const steps = table.steps(ctx);
    return steps[ctx.step - 1] ?? steps[0]!;
  };
  const transition = (ctx: C, event: WizardEvent): Partial<StepContext> | null => {
    const steps = table.steps(ctx);
    const open = isOpen(ctx.status);
    switch (event.type) {
      case 'JUMP': {
        const { step } = event;
        if (!open || !Number.isInteger(step) || step < 1 || step > steps.length) return null;
        if (step === ctx.step) return null;
        if (step > 1 && !table.canJumpAhead(ctx)) return null;
        return { step, maxStep: Math.max(ctx.maxStep, step) };
      }
      case 'NEXT': {
        if (!open || ctx.step >= steps.length) return null;
        if (!table.canLeave[currentStepId(ctx)](ctx)) return null;
        const step = ctx.step + 1;
        return { step, maxStep: Math.max(ctx.maxStep, step) };
      }
      case 'BACK':
        return open && ctx.step > 1 ? { step: ctx.step - 1 } : null;
      default: {
        const ready = ctx.step === steps.length && table.canSubmit(ctx);
        const status = submissionTransition(ctx.status, event, ready);
        return status ? { status } : null;
      }
    }
  };
  return {
    stepsOf: table.steps,
    currentStepId,
    transition,
    can: (ctx, event) => transition(ctx, event) !== null,
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
