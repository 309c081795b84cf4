/**
 * The lead wizard's table (product 2.1, 4.1): its steps in both orders and the guards for
 * leaving them, applied by the shared step machine (wizard/stepMachine.ts). Pure.
 */
import {
  wizardMachine,
  type StepContext,
  type StepOf,
  type WizardTable,
} from '../../wizard/stepMachine';
import type { LeadWizardOrder } from './options';

export type OwnStepId = 'category' | 'address' | 'details';
export type StepId = StepOf<OwnStepId>;

export const STEP_ORDERS: Record<LeadWizardOrder, readonly OwnStepId[]> = {
  'category-first': ['category', 'address', 'details'],
  'address-first': ['address', 'category', 'details'],
};

export interface MachineContext extends StepContext {
  order: LeadWizardOrder;
  categoryId: number | null;
  location: { lat: number | null; lng: number | null } | null;
}

export const LEAD_TABLE: WizardTable<OwnStepId, MachineContext, 'hasCategory' | 'hasCoordinates'> =
  {
    steps: (ctx: MachineContext) => STEP_ORDERS[ctx.order],
    guards: {
      hasCategory: (ctx) => ctx.categoryId !== null,
      hasCoordinates: (ctx) =>
        typeof ctx.location?.lat === 'number' && typeof ctx.location?.lng === 'number',
    },
    leave: { category: 'hasCategory', address: 'hasCoordinates' },
    // Steps 2 to 4 open in the header only once a category is chosen.
    jumpAhead: ['hasCategory'],
  };

export const leadMachine = wizardMachine(LEAD_TABLE);
