import { categoriesFor, categoryById, fieldIdsFor } from '../../../contract/catalog';
import type { RootState } from '../../app/store';
import { createSelector } from '../../wizard/selector';
import { contactPayload } from '../../parts/contactForm/model';
import type { FieldDefinition } from '../../parts/fields/definitions';
import { valueRecords } from '../../parts/fields/records';
import { selectFieldsState } from '../../parts/fields/slice';
import { selectConfig } from '../../app/selectors';
import type { MessageKey } from '../../i18n';
import { can, currentStepId, isComplete, missingSteps, stepsOf, type StepId } from './machine';
import { parseLeadWizardOptions } from './options';
import { selectLeadWizard } from './slice';

export { selectLeadWizard };
const NONE_MISSING: StepId[] = [];

export const selectDefinitions = (state: RootState) => selectFieldsState(state).definitions;

export const selectLeadWizardOptions = createSelector(
  selectConfig,
  (config) => parseLeadWizardOptions(config).options,
);
export const selectSteps = createSelector(
  [
    (s: RootState) => selectLeadWizard(s).order,
    (s: RootState) => selectLeadWizard(s).hideContactStep,
  ],
  (order, hideContactStep) => stepsOf({ order, hideContactStep }),
);
/** Per step of the header, whether it may be opened now. */
export const selectJumpable = createSelector(selectLeadWizard, (w) =>
  stepsOf(w).map((_, index) => can(w, { type: 'JUMP', step: index + 1 })),
);
export const selectCanNext = createSelector(selectLeadWizard, (w) => can(w, { type: 'NEXT' }));
export const selectCurrentStepId = createSelector(selectLeadWizard, (w) => currentStepId(w));
export const selectIsComplete = createSelector(selectLeadWizard, (w) => isComplete(w));
/** After a refused submit, the steps whose data is still missing (marked in the header). */
export const selectMissingSteps = createSelector(
  [(state: RootState) => selectLeadWizard(state).submitRefused, selectLeadWizard],
  (refused, w) => (refused ? missingSteps(w) : NONE_MISSING),
  (a: StepId[], b: StepId[]) => a.join() === b.join(),
);
/** The contact step's message: what is still missing comes first. */
export const selectSubmitError = createSelector(
  [selectMissingSteps, (state: RootState) => selectLeadWizard(state).error],
  (missing, error): MessageKey | null => (missing.length ? 'leadWizard.missingSteps' : error),
);
export const selectOfferedCategories = createSelector(selectLeadWizard, (w) =>
  categoriesFor('lead', w.marketingType, w.objectType),
);
export const selectCategory = createSelector(selectLeadWizard, (w) =>
  w.categoryId === null ? null : (categoryById(w.categoryId) ?? null),
);

/** The category's fields whose definitions are loaded, in the order of spec 3. */
export const selectFieldDefinitions = createSelector(
  [selectLeadWizard, selectDefinitions],
  (w, definitions): FieldDefinition[] =>
    w.categoryId === null
      ? []
      : fieldIdsFor(w.categoryId)
          .map((id) => definitions[id])
          .filter((d): d is FieldDefinition => !!d),
);

/** The lead as spec 3 shapes it. */
export const selectLeadPayload = createSelector(
  [selectLeadWizard, selectFieldDefinitions],
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

export const selectContactPayload = createSelector(selectLeadWizard, (w) =>
  contactPayload(w.contact, { wish: false, newsletter: true }),
);
