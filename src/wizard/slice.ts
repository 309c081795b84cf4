/**
 * The slice every multi-step wizard is made of: opening (a fresh wizard or the one left), a
 * draft restored after a reload, the category choice, step navigation, field and contact
 * edits, and the submission with its refused submit. A wizard names itself, gives its state,
 * its machine (its table of steps and guards) and how it opens, and adds its own events.
 */
import {
  createSlice,
  type ActionReducerMapBuilder,
  type CaseReducerActions,
  type CreateSliceOptions,
  type PayloadAction,
  type Slice,
  type SliceCaseReducers,
  type ValidateSliceCaseReducers,
} from '@reduxjs/toolkit';
import {
  categoriesFor,
  type MarketingType,
  type ObjectType,
  type WizardKind,
} from '../../contract/catalog';
import type { MessageKey } from '../i18n';
import { EMPTY_CONTACT, type ContactValues } from '../parts/contactForm/model';
import { clampSteps, type StepContext, type WizardEvent, type WizardMachine } from './stepMachine';
import {
  failureMessage,
  newSubmissionKey,
  SUBMISSION_ERRORS,
  type SubmitFailure,
} from './submission';

/** What every wizard's state holds. */
export interface WizardState extends StepContext {
  categoryId: number | null;
  objectType: ObjectType;
  marketingType: MarketingType;
  /** What the visitor typed per field id, as typed. */
  fieldInputs: Record<string, string>;
  contact: ContactValues;
  /** The same for every retry of one submission (Idempotency-Key). */
  submissionKey: string;
  /** When the visitor began (for the backend's minimum fill time). */
  startedAt: number;
  error: MessageKey | null;
  /**
   * A submit was refused for missing data: the header marks the steps still missing (the
   * kit's selectMissingSteps) until the data is there.
   */
  submitRefused: boolean;
}

/** A wizard's start, before its own parts (product 9.3: buy, LIVING). */
export const WIZARD_START: WizardState = {
  hideContactStep: false,
  step: 1,
  maxStep: 1,
  status: 'editing',
  categoryId: null,
  objectType: 'LIVING',
  marketingType: 'buy',
  fieldInputs: {},
  contact: EMPTY_CONTACT,
  submissionKey: '',
  startedAt: 0,
  error: null,
  submitRefused: false,
};

/** What a reload brings back (session storage): the state without its messages. */
export type WizardDraft<S extends WizardState> = Omit<S, 'error' | 'submitRefused'>;

export interface WizardSliceOptions<
  Name extends string,
  S extends WizardState,
  Opening,
  D extends object = WizardDraft<S>,
> {
  name: Name;
  initialState: S;
  machine: WizardMachine<string, S>;
  /** Which categories it offers (product 3.14). */
  kind: WizardKind;
  /**
   * Opening with these options starts a fresh wizard (another layout, another profile); one
   * that was sent always starts afresh. `kept`: what a fresh one keeps.
   */
  startsAfresh(state: S, options: Opening): boolean;
  kept(state: S, options: Opening): Partial<S>;
  /** Its own part of opening, after a fresh start (if any). */
  opened?(state: S, options: Opening): void;
  /** Whether a draft fits the wizard as it opened (its layout, the profile it edits). */
  fits(state: S, draft: D): boolean;
  /** Its own checks of a restored draft, once taken over (what the draft cannot vouch for). */
  restored?(state: S, draft: D): void;
  /** Whether a restored draft may stand past the first step (clampSteps). */
  mayLeaveFirst(state: S): boolean;
}

/** Whether the wizard offers a category for the types chosen (product 3.14). */
export const isOffered = (kind: WizardKind, state: WizardState, id: number | null) =>
  categoriesFor(kind, state.marketingType, state.objectType).some((c) => c.id === id);

/** The wizard's reducers that every wizard shares, for its state type. */
function wizardReducers<S extends WizardState, Opening, D extends object>(
  options: WizardSliceOptions<string, S, Opening, D>,
) {
  const { machine, kind } = options;
  // Immer's draft of a generic state is the state itself to these reducers.
  type Draft = S;
  const apply = (state: Draft, event: WizardEvent) => {
    const next = machine.transition(state, event);
    if (next) Object.assign(state, next);
    return next !== null;
  };
  return {
    opened: {
      reducer(state: Draft, action: PayloadAction<Opening & { key: string; at: number }>) {
        const { key, at } = action.payload;
        if (state.status === 'sent' || options.startsAfresh(state, action.payload))
          Object.assign(state, options.initialState, options.kept(state, action.payload));
        options.opened?.(state, action.payload);
        if (!state.submissionKey) state.submissionKey = key;
        if (!state.startedAt) state.startedAt = at;
      },
      prepare(opening: Opening, at: number) {
        return { payload: { ...opening, key: newSubmissionKey(at), at } };
      },
    },
    /** A draft saved in the session came back after a reload (validated by its schema). */
    restored(state: Draft, action: PayloadAction<D>) {
      const draft = action.payload;
      if (!options.fits(state, draft)) return;
      Object.assign(state, draft, { error: null, submitRefused: false });
      if (!isOffered(kind, state, state.categoryId)) state.categoryId = null;
      options.restored?.(state, draft);
      // Never past what the machine would allow.
      Object.assign(
        state,
        clampSteps(
          draft as { step?: unknown; maxStep?: unknown },
          machine.stepsOf(state).length,
          options.mayLeaveFirst(state),
        ),
      );
    },
    objectTypeChosen(state: Draft, action: PayloadAction<ObjectType>) {
      if (state.objectType === action.payload) return;
      state.objectType = action.payload;
      // Product 2.1.9: changing the object type clears the category.
      state.categoryId = null;
    },
    marketingTypeChosen(state: Draft, action: PayloadAction<MarketingType>) {
      state.marketingType = action.payload;
      // Product 3.14: a category not offered for this marketing type (Grundstück to rent) goes.
      if (!isOffered(kind, state, state.categoryId)) state.categoryId = null;
    },
    categoryChosen(state: Draft, action: PayloadAction<number>) {
      if (!isOffered(kind, state, action.payload)) return;
      state.categoryId = action.payload;
      // A tile selects and moves on.
      if (machine.currentStepId(state) === 'category') apply(state, { type: 'NEXT' });
    },
    stepHeaderClicked(state: Draft, action: PayloadAction<number>) {
      apply(state, { type: 'JUMP', step: action.payload });
    },
    nextClicked(state: Draft) {
      apply(state, { type: 'NEXT' });
    },
    backClicked(state: Draft) {
      apply(state, { type: 'BACK' });
    },
    /** The details step's 'Erneut versuchen' after its field definitions failed to load. */
    fieldsRetryClicked() {},
    fieldEdited(state: Draft, action: PayloadAction<{ id: string; text: string }>) {
      state.fieldInputs[action.payload.id] = action.payload.text.slice(0, 200);
    },
    contactEdited(state: Draft, action: PayloadAction<ContactValues>) {
      state.contact = action.payload;
    },
    submitRequested(state: Draft) {
      // The table sends, or refuses for missing data (`submitRefused`: the header points to
      // what is missing, its message is selectSubmitError's).
      if (apply(state, { type: 'SUBMIT' })) state.error = null;
      if (state.status === 'loading') state.submitRefused = false;
    },
    validationFailed(state: Draft) {
      if (apply(state, { type: 'INVALID' })) state.error = SUBMISSION_ERRORS.userError;
    },
    submitSucceeded(state: Draft) {
      apply(state, { type: 'SUCCEEDED' });
    },
    submitFailed(state: Draft, action: PayloadAction<SubmitFailure>) {
      if (apply(state, { type: 'FAILED' })) state.error = failureMessage(action.payload);
    },
    /** Without a contact step, the footer's 'Speichern' hands what was assembled to the host. */
    saveClicked() {},
  };
}

type SharedReducers = Omit<
  ReturnType<typeof wizardReducers<WizardState, object, object>>,
  'opened' | 'restored'
>;

/** The events of every wizard that its kit's parts dispatch. */
export type WizardEvents = Pick<
  CaseReducerActions<SharedReducers, string>,
  | 'stepHeaderClicked'
  | 'nextClicked'
  | 'backClicked'
  | 'fieldsRetryClicked'
  | 'objectTypeChosen'
  | 'marketingTypeChosen'
  | 'categoryChosen'
  | 'fieldEdited'
  | 'contactEdited'
  | 'submitRequested'
  | 'validationFailed'
  | 'saveClicked'
>;

/** A wizard's slice: the shared reducers, and its own (`own`, `extraReducers`). */
export function createWizardSlice<
  Name extends string,
  S extends WizardState,
  Opening,
  D extends object,
  CR extends SliceCaseReducers<S>,
>(
  options: WizardSliceOptions<Name, S, Opening, D>,
  own: ValidateSliceCaseReducers<S, CR>,
  extraReducers?: (builder: ActionReducerMapBuilder<S>) => void,
) {
  type Reducers = ReturnType<typeof wizardReducers<S, Opening, D>> & CR;
  // RTK cannot check reducers written for a generic state; they are typed for it here.
  return createSlice({
    name: options.name,
    initialState: options.initialState,
    reducers: { ...wizardReducers(options), ...own },
    extraReducers,
  } as unknown as CreateSliceOptions<S, Reducers, Name>) as unknown as Slice<S, Reducers, Name>;
}
