/**
 * The lead wizard's state machine (spec 2.1, 4): which step shows, where the visitor may go,
 * and the submission's status. Pure: the slice asks it and applies what it answers.
 */
import type { LeadWizardOrder } from '../../host/config';

export type StepId = 'category' | 'address' | 'details' | 'contact';
export type SubmitStatus = 'editing' | 'loading' | 'sent' | 'error' | 'userError';

export const STEP_ORDERS: Record<LeadWizardOrder, readonly StepId[]> = {
  'category-first': ['category', 'address', 'details', 'contact'],
  'address-first': ['address', 'category', 'details', 'contact'],
};

export interface MachineContext {
  order: LeadWizardOrder;
  hideContactStep: boolean;
  /** 1-based. */
  step: number;
  /** The highest step reached: steps are created only once reached. */
  maxStep: number;
  status: SubmitStatus;
  categoryId: number | null;
  location: { lat: number | null; lng: number | null } | null;
}

export type WizardEvent =
  | { type: 'JUMP'; step: number }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  | { type: 'SUCCEEDED' }
  | { type: 'FAILED' }
  | { type: 'INVALID' };

export const guards = {
  hasCategory: (ctx: MachineContext) => ctx.categoryId !== null,
  hasCoordinates: (ctx: MachineContext) =>
    typeof ctx.location?.lat === 'number' && typeof ctx.location?.lng === 'number',
  /** Once sent, or while sending, the form stays as it is. */
  isOpen: (ctx: MachineContext) => ctx.status !== 'sent' && ctx.status !== 'loading',
};

export function stepsOf(ctx: Pick<MachineContext, 'order' | 'hideContactStep'>): readonly StepId[] {
  const steps = STEP_ORDERS[ctx.order];
  return ctx.hideContactStep ? steps.filter((s) => s !== 'contact') : steps;
}

export function currentStepId(ctx: MachineContext): StepId {
  return stepsOf(ctx)[ctx.step - 1] ?? stepsOf(ctx)[0]!;
}

/** What must hold to leave a step forwards. */
function canLeave(ctx: MachineContext, step: StepId): boolean {
  switch (step) {
    case 'category':
      return guards.hasCategory(ctx);
    case 'address':
      return guards.hasCoordinates(ctx);
    case 'details':
      return true;
    case 'contact':
      return false;
  }
}

/** The changes an event makes, or null when the machine does not allow it now. */
export function transition(
  ctx: MachineContext,
  event: WizardEvent,
): Partial<MachineContext> | null {
  const steps = stepsOf(ctx);
  switch (event.type) {
    case 'JUMP': {
      const { step } = event;
      if (!guards.isOpen(ctx) || !Number.isInteger(step) || step < 1 || step > steps.length)
        return null;
      if (step === ctx.step) return null;
      // Steps 2 to 4 open in the header only once a category is chosen.
      if (step > 1 && !guards.hasCategory(ctx)) return null;
      return { step, maxStep: Math.max(ctx.maxStep, step) };
    }
    case 'NEXT': {
      if (!guards.isOpen(ctx) || ctx.step >= steps.length) return null;
      if (!canLeave(ctx, currentStepId(ctx))) return null;
      const step = ctx.step + 1;
      return { step, maxStep: Math.max(ctx.maxStep, step) };
    }
    case 'BACK':
      return guards.isOpen(ctx) && ctx.step > 1 ? { step: ctx.step - 1 } : null;
    case 'SUBMIT':
      return guards.isOpen(ctx) && currentStepId(ctx) === 'contact' && guards.hasCategory(ctx)
        ? { status: 'loading' }
        : null;
    case 'SUCCEEDED':
      return ctx.status === 'loading' ? { status: 'sent' } : null;
    case 'FAILED':
      return ctx.status === 'loading' ? { status: 'error' } : null;
    case 'INVALID':
      return guards.isOpen(ctx) ? { status: 'userError' } : null;
  }
}

export function can(ctx: MachineContext, event: WizardEvent): boolean {
  return transition(ctx, event) !== null;
}

/** spec 2.1: the footer's flag, true once a location and a category are set. */
export function isComplete(ctx: MachineContext): boolean {
  return guards.hasCategory(ctx) && guards.hasCoordinates(ctx);
}
