/**
 * A wizard's effects, for one wizard: those of every sending form (formSaga: draft, send,
 * resend), field definitions for the chosen category (refetched on the details step after a
 * failure), the host page scrolled and told on each step change, and the hand-over to the host
 * page without a contact step.
 */
import type { Action, ActionCreatorWithoutPayload, PayloadActionCreator } from '@reduxjs/toolkit';
import { call, getContext, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { fieldIdsFor } from '../../contract/catalog';
import type { AppEnv } from '../app/env';
import type { Saga } from '../app/saga';
import { selectConfig } from '../app/selectors';
import type { RootState } from '../app/store';
import type { AppConfig } from '../host/config';
import { scrollToTopRequested, stepShown, wizardHandedToHost } from '../host/actions';
import type { WidgetPayloads } from '../host/protocol';
import { definitionsRequested, selectFieldsState, type FieldsState } from '../parts/fields/slice';
import { formSaga, type FormActions, type FormOptions } from './formSaga';
import type { WizardSelectors } from './selectors';
import type { WizardState } from './slice';

/** The name a wizard's assembly is sent and handed to the host by. */
type PayloadKey = 'lead' | 'savedSearch';

export interface WizardActions<D> extends FormActions<D> {
  nextClicked: ActionCreatorWithoutPayload;
  backClicked: ActionCreatorWithoutPayload;
  stepHeaderClicked: PayloadActionCreator<number>;
  fieldsRetryClicked: ActionCreatorWithoutPayload;
  categoryChosen: PayloadActionCreator<number>;
  saveClicked: ActionCreatorWithoutPayload;
}

export interface WizardSagaOptions<S extends WizardState, D, K extends PayloadKey> extends Omit<
  FormOptions<S, D>,
  'body' | 'opened' | 'actions'
> {
  actions: WizardActions<D>;
  selectors: Pick<
    WizardSelectors,
    'selectCurrentStepId' | 'selectIsComplete' | 'selectContactPayload'
  >;
  /** What the wizard assembles, under the name it is sent and handed to the host by. */
  payload: { key: K; select(state: RootState): object };
  /** What it sends besides the contact and its payload. */
  body?(state: S): Record<string, unknown>;
  /** The actions (besides its own) that change what it holds. */
  isWizardAction(action: Action): boolean;
  /** Its options' parser: options it ignored are logged when it opens. */
  options(config: AppConfig): { warnings: string[] };
  /** Effects of its own when it opens, after the draft is back and the fields asked for. */
  opened?(): Saga;
}

/**
 * Product 2.1.8: the host page scrolls the frame's top into view on each step change. Each step
 * shown is told to the host page by its id (the funnel's step beacon,
 * docs/agency.md#the-funnel): the first once the wizard opens (its order known), then each other.
 */
function* scrollOnStepChange(
  selectStep: (state: RootState) => number,
  selectStepId: (state: RootState) => string,
  isWizardAction: (action: Action) => boolean,
): Saga {
  let last: number = yield select(selectStep);
  let shown = '';
  for (;;) {
    yield take(isWizardAction);
    const step: number = yield select(selectStep);
    if (step !== last) yield put(scrollToTopRequested());
    last = step;
    const id: string = yield select(selectStepId);
    if (id !== shown) yield put(stepShown(id));
    shown = id;
  }
}

export function wizardSaga<S extends WizardState, D, K extends PayloadKey>(
  options: WizardSagaOptions<S, D, K>,
) {
  const { actions, selectors, payload } = options;

  function* requestFields(): Saga {
    const { categoryId }: S = yield select(options.select);
    if (categoryId !== null) yield put(definitionsRequested(fieldIdsFor(categoryId)));
  }

  /**
   * Field definitions that failed to load are asked for again when the details step shows,
   * and on its 'Erneut versuchen'.
   */
  function* refetchFailedFields(action: Action): Saga {
    if (!actions.fieldsRetryClicked.match(action)) {
      const fields: FieldsState = yield select(selectFieldsState);
      const stepId: string = yield select(selectors.selectCurrentStepId);
      if (fields.status !== 'failed' || stepId !== 'details') return;
    }
    yield call(requestFields);
  }

  function* handToHost(): Saga {
    const complete: boolean = yield select(selectors.selectIsComplete);
    if (!complete) return;
    const assembled: object = yield select(payload.select);
    yield put(wizardHandedToHost({ [payload.key]: assembled } as WidgetPayloads['save']));
  }

  return formSaga<S, D>({
    ...options,
    body: (state, _config, root) => ({
      contact: selectors.selectContactPayload(root),
      [payload.key]: payload.select(root),
      ...options.body?.(state),
    }),
    *opened(): Saga {
      const env: AppEnv = yield getContext('env');
      const { warnings } = options.options(yield select(selectConfig));
      if (warnings.length > 0) env.log(`${options.name} options ignored`, warnings);
      yield call(requestFields);
      if (options.opened) yield call(options.opened);
    },
    *more(): Saga {
      yield takeLatest(
        [
          actions.nextClicked.type,
          actions.backClicked.type,
          actions.stepHeaderClicked.type,
          actions.fieldsRetryClicked.type,
        ],
        refetchFailedFields,
      );
      // A tile's click paints the next step first; the definitions are asked for right after.
      yield takeLatest(actions.categoryChosen.type, function* () {
        const env: AppEnv = yield getContext('env');
        yield call(env.afterPaint);
        yield call(requestFields);
      });
      yield takeEvery(actions.saveClicked.type, handToHost);
      yield call(
        scrollOnStepChange,
        (state: RootState) => options.select(state).step,
        selectors.selectCurrentStepId,
        options.isWizardAction,
      );
    },
  });
}
