/**
 * The saved-search wizard's state machine (spec 2.3, 4): its four steps and the guards for
 * leaving each, applied by the shared step machine. Pure: the slice asks it and applies what
 * it answers.
 */
import { stepMachine, type StepContext } from '../../wizard/stepMachine';

export type { WizardEvent } from '../../wizard/stepMachine';

export type StepId = 'regions' | 'category' | 'details' | 'contact';

export const STEPS: readonly StepId[] = ['regions', 'category', 'details', 'contact'];

export interface MachineContext extends StepContext {
  hideContactStep: boolean;
  /** The regions chosen; null until the regions are known. */
  regionIds: readonly number[] | null;
  categoryId: number | null;
}

export const guards = {
  hasRegions: (ctx: MachineContext) => (ctx.regionIds?.length ?? 0) > 0,
  hasCategory: (ctx: MachineContext) => ctx.categoryId !== null,
};

export function stepsOf(ctx: Pick<MachineContext, 'hideContactStep'>): readonly StepId[] {
  return ctx.hideContactStep ? STEPS.filter((s) => s !== 'contact') : STEPS;
}

/** spec 5: a saved search can be saved only with a region and a category. */
export function isComplete(ctx: MachineContext): boolean {
  return guards.hasRegions(ctx) && guards.hasCategory(ctx);
}

const machine = stepMachine<StepId, MachineContext>({
  steps: stepsOf,
  canLeave: {
    regions: guards.hasRegions,
    category: guards.hasCategory,
    details: () => true,
    contact: () => false,
  },
  // spec 2.3: steps 2 to 4 open in the header once regions and a category are set.
  canJumpAhead: isComplete,
  canSubmit: (ctx) => !ctx.hideContactStep && isComplete(ctx),
});

export const { currentStepId, transition, can } = machine;

/** The steps whose data a saved search still lacks (what a refused submit points to). */
export function missingSteps(ctx: MachineContext): StepId[] {
  const missing: StepId[] = [];
  if (!guards.hasRegions(ctx)) missing.push('regions');
  if (!guards.hasCategory(ctx)) missing.push('category');
  return missing;
}
