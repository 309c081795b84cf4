/**
 * The lead wizard's state machine (spec 2.1, 4): its steps in both orders and the guards for
 * leaving each, applied by the shared step machine. Pure: the slice asks it and applies what
 * it answers.
 */
import { stepMachine, type StepContext } from '../../wizard/stepMachine';
import type { LeadWizardOrder } from './options';

export type { SubmitStatus } from '../../wizard/submission';
export type { WizardEvent } from '../../wizard/stepMachine';

export type StepId = 'category' | 'address' | 'details' | 'contact';

export const STEP_ORDERS: Record<LeadWizardOrder, readonly StepId[]> = {
  'category-first': ['category', 'address', 'details', 'contact'],
  'address-first': ['address', 'category', 'details', 'contact'],
};

export interface MachineContext extends StepContext {
  order: LeadWizardOrder;
  hideContactStep: boolean;
  categoryId: number | null;
  location: { lat: number | null; lng: number | null } | null;
}

export const guards = {
  hasCategory: (ctx: MachineContext) => ctx.categoryId !== null,
  hasCoordinates: (ctx: MachineContext) =>
    typeof ctx.location?.lat === 'number' && typeof ctx.location?.lng === 'number',
};

export function stepsOf(ctx: Pick<MachineContext, 'order' | 'hideContactStep'>): readonly StepId[] {
  const steps = STEP_ORDERS[ctx.order];
  return ctx.hideContactStep ? steps.filter((s) => s !== 'contact') : steps;
}

const machine = stepMachine<StepId, MachineContext>({
  steps: stepsOf,
  canLeave: {
    category: guards.hasCategory,
    address: guards.hasCoordinates,
    details: () => true,
    contact: () => false,
  },
  // Steps 2 to 4 open in the header only once a category is chosen.
  canJumpAhead: guards.hasCategory,
  // Only the contact step sends, and only a whole lead (the header may have jumped past the
  // address); without the contact step the footer hands the lead to the host instead.
  canSubmit: (ctx) => !ctx.hideContactStep && isComplete(ctx),
});

export const { currentStepId, transition, can } = machine;

/** spec 2.1: the footer's flag, true once a location and a category are set. */
export function isComplete(ctx: MachineContext): boolean {
  return guards.hasCategory(ctx) && guards.hasCoordinates(ctx);
}

/** The steps whose data a lead still lacks (what a refused submit points the visitor to). */
export function missingSteps(ctx: MachineContext): StepId[] {
  const missing: StepId[] = [];
  if (!guards.hasCategory(ctx)) missing.push('category');
  if (!guards.hasCoordinates(ctx)) missing.push('address');
  return missing;
}
