import { selectConfig } from '../../app/selectors';
import { valueRecords } from '../../parts/fields/records';
import { createSelector } from '../../wizard/selector';
import { wizardSelectors } from '../../wizard/selectors';
import { leadMachine } from './machine';
import { parseLeadWizardOptions } from './options';
import { selectLeadWizard } from './slice';

export { selectLeadWizard };

export const leadSelectors = wizardSelectors({
  select: selectLeadWizard,
  machine: leadMachine,
  kind: 'lead',
  missingSteps: 'leadWizard.missingSteps',
  contact: { wish: false, newsletter: true },
});

export const selectLeadWizardOptions = createSelector(
  selectConfig,
  (config) => parseLeadWizardOptions(config).options,
);

/** The lead as product 3.2 shapes it. */
export const selectLeadPayload = createSelector(
  [selectLeadWizard, leadSelectors.selectFieldDefinitions],
  (w, definitions) => {
    const l = w.location;
    return {
      objectType: w.objectType,
      categoryId: w.categoryId,
      marketingType: w.marketingType,
      location: {
        zip: l?.zip.trim() ?? '',
        city: l?.city.trim() ?? '',
        street: l?.street.trim() ?? '',
        number: l?.number.trim() ?? '',
        lat: l?.lat ?? null,
        lng: l?.lng ?? null,
        ...(l?.district ? { district: l.district } : {}),
        ...(l?.approximate ? { approximate: true } : {}),
      },
      fields: valueRecords(definitions, w.fieldInputs),
    };
  },
);

export type LeadPayload = ReturnType<typeof selectLeadPayload>;

/** What the success line says, from the answer: null without one (docs/matching.md). */
export const selectWaiting = createSelector(
  [selectLeadWizard, leadSelectors.selectCategory],
  (w, category) =>
    w.waitingBuyers
      ? { ...w.waitingBuyers, marketingType: w.marketingType, category: category?.name }
      : null,
);
