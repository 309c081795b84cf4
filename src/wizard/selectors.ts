/**
 * What every wizard's screen and sagas read, for one wizard: its steps, where the visitor may
 * go, what is still missing, its categories and fields, and the contact as it is sent.
 */
import { categoriesFor, categoryById, fieldIdsFor, type WizardKind } from '../../contract/catalog';
import type { RootState } from '../app/store';
import type { MessageKey } from '../i18n';
import { contactPayload } from '../parts/contactForm/model';
import type { FieldDefinition } from '../parts/fields/definitions';
import { selectFieldsState } from '../parts/fields/slice';
import { createSelector } from './selector';
import type { WizardState } from './slice';
import type { StepOf, WizardMachine } from './stepMachine';

export function wizardSelectors<Id extends string, S extends WizardState>(options: {
  select(state: RootState): S;
  machine: WizardMachine<Id, S>;
  kind: WizardKind;
  /** The message of a submit refused for missing steps. */
  missingSteps: MessageKey;
  /** Which of the contact's optional parts the wizard sends. */
  contact: Parameters<typeof contactPayload>[1];
}) {
  const { select, machine } = options;
  const none: StepOf<Id>[] = [];
  const selectMissingSteps = createSelector(
    [(state: RootState) => select(state).submitRefused, select],
    (refused, w) => (refused ? machine.missingSteps(w) : none),
    (a, b) => a.join() === b.join(),
  );
  const selectFieldDefinitions = createSelector(
    [
      (state: RootState) => select(state).categoryId,
      (state) => selectFieldsState(state).definitions,
    ],
    (categoryId, definitions): FieldDefinition[] =>
      categoryId === null
        ? []
        : fieldIdsFor(categoryId)
            .map((id) => definitions[id])
            .filter((d): d is FieldDefinition => !!d),
  );
  return {
    select,
    selectSteps: (state: RootState) => machine.stepsOf(select(state)),
    /** Per step of the header, whether it may be opened now. */
    selectJumpable: createSelector(select, (w) =>
      machine.stepsOf(w).map((_, index) => machine.can(w, { type: 'JUMP', step: index + 1 })),
    ),
    selectCanNext: createSelector(select, (w) => machine.can(w, { type: 'NEXT' })),
    selectCurrentStepId: createSelector(select, machine.currentStepId),
    selectIsComplete: createSelector(select, machine.isComplete),
    /** After a refused submit, the steps whose data is still missing (marked in the header). */
    selectMissingSteps,
    /** The contact step's message: what is still missing comes first. */
    selectSubmitError: createSelector(
      [selectMissingSteps, (state: RootState) => select(state).error],
      (missing, error): MessageKey | null => (missing.length ? options.missingSteps : error),
    ),
    selectOfferedCategories: createSelector(
      [(state: RootState) => select(state).marketingType, (state) => select(state).objectType],
      (marketingType, objectType) => categoriesFor(options.kind, marketingType, objectType),
    ),
    selectCategory: createSelector(
      (state: RootState) => select(state).categoryId,
      (id) => (id === null ? null : (categoryById(id) ?? null)),
    ),
    /** The category's fields whose definitions are loaded, in the order of product 3.11. */
    selectFieldDefinitions,
    selectContactPayload: createSelector(
      (state: RootState) => select(state).contact,
      (contact) => contactPayload(contact, options.contact),
    ),
  };
}

export type WizardSelectors = ReturnType<typeof wizardSelectors<string, WizardState>>;
