/**
 * The saved-search wizard's table (product 2.3, 4.1): its steps and the guards for leaving
 * them, applied by the shared step machine (wizard/stepMachine.ts). Pure.
 */
import {
  wizardMachine,
  type StepContext,
  type StepOf,
  type WizardTable,
} from '../../wizard/stepMachine';

export type OwnStepId = 'regions' | 'category' | 'details';
export type StepId = StepOf<OwnStepId>;

const STEPS: readonly OwnStepId[] = ['regions', 'category', 'details'];

export interface MachineContext extends StepContext {
  /** The regions chosen; null until the regions are known. */
  regionIds: readonly number[] | null;
  categoryId: number | null;
}

/** Product 5.8: a saved search is complete (and sent) only with a region and a category. */
export const SAVED_SEARCH_TABLE: WizardTable<
  OwnStepId,
  MachineContext,
  'hasRegions' | 'hasCategory'
> = {
  steps: (_ctx: MachineContext) => STEPS,
  guards: {
    hasRegions: (ctx) => (ctx.regionIds?.length ?? 0) > 0,
    hasCategory: (ctx) => ctx.categoryId !== null,
  },
  leave: { regions: 'hasRegions', category: 'hasCategory' },
  // Product 2.3.5: steps 2 to 4 open in the header once regions and a category are set.
  jumpAhead: ['hasRegions', 'hasCategory'],
};

export const savedSearchMachine = wizardMachine(SAVED_SEARCH_TABLE);
