import { call, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../app/apiSaga';
import type { AppEnv } from '../../app/env';
import type { Saga } from '../../app/saga';
import { selectConfig } from '../../app/selectors';
import type { RootState } from '../../app/store';
import type { AppConfig } from '../../host/config';
import { trackingEventOccurred } from '../../host/actions';
import { contactPayload } from '../../parts/contactForm/model';
import { contactPageSaga } from '../../parts/contactPage/sagas';
import type { ContactPageState } from '../../parts/contactPage/slice';
import { resendWhenOnline } from '../../wizard/resend';
import { sendSubmission } from '../../wizard/formSaga';
import { SUBMISSION_ERRORS } from '../../wizard/submission';
import { loadOffer } from './LazyOffer';
import { offerSlice, selectOffer, type OfferState } from './offer';
import { parseExposeTarget } from './options';
import { exposeInquirySlice, exposeListingSlice, selectExposeInquiry } from './slice';

export const DRAFT_KEY = 'immosuite.exposeInquiry.v1';

/**
 * product 2.4, 7.2: `POST /v1/wizard/expose-inquiry {contact, exposeInquiry:{objectId, message}}`,
 * tracked as immoObjectInquiry with the custom object id as its label (product 2.4.4, decision 13).
 */
export const exposeInquirySaga = contactPageSaga({
  slice: exposeInquirySlice,
  select: selectExposeInquiry,
  draftKey: DRAFT_KEY,
  path: '/v1/wizard/expose-inquiry',
  body: ({ contact, scope }) => ({
    contact: contactPayload(contact, { wish: true, newsletter: true }),
    exposeInquiry: { objectId: Number(scope), message: contact.message.trim() },
  }),
  tracking: (config) => ({ event: 'immoObjectInquiry', label: listingLabel(config) }),
  // The answer proposes a saved search from the listing: offered on the success step.
  *succeeded(answer) {
    if (!answer || typeof answer !== 'object' || !('searchProposal' in answer)) return;
    const env: AppEnv = yield getContext('env');
    let part: Awaited<ReturnType<typeof loadOffer>>;
    try {
      part = yield call(loadOffer);
    } catch (error) {
      // The inquiry is sent; only the offer is missing (decision 152).
      env.log(`[immosuite] the offer of a saved search could not be loaded: ${String(error)}`);
      return;
    }
    yield put(offerSlice.actions.proposed(part.proposalOf(answer), env.now()));
  },
});

/** The listing as tracking names it: its custom id, else its id. */
function listingLabel(config: AppConfig) {
  const { objectId, customObjectId } = parseExposeTarget(config);
  return customObjectId ?? String(objectId);
}

const offer = offerSlice.actions;

/**
 * The offered saved search, sent as the saved-search wizard sends one (product 7.2: `POST
 * /v1/wizard/saved-search {contact, savedSearch, meta}`, its own Idempotency-Key, the configured
 * submit URL) with the contact just typed for the inquiry and the offer's own consents. The
 * backend mails its own confirmation (double opt-in). Tracked as SavedSearchWizard with the
 * listing as its label.
 */
function* sendOffer(): Saga {
  const state: OfferState = yield select(selectOffer);
  if (state.status !== 'sending' || !state.proposal) return;
  const inquiry: ContactPageState = yield select((root: RootState) => selectExposeInquiry(root));
  const answer = yield* sendSubmission(
    {
      path: '/v1/wizard/saved-search',
      key: state.submissionKey,
      body: {
        contact: { ...contactPayload(inquiry.contact), customFields: { ...state.consents } },
        savedSearch: state.proposal,
      },
    },
    // The time the visitor spent is the inquiry's: the offer is its next step.
    { website: inquiry.contact.website, startedAt: inquiry.startedAt },
    offer.sendFailed,
  );
  if (!answer) return;
  yield put(offer.sendSucceeded());
  const config: AppConfig = yield select(selectConfig);
  yield put(trackingEventOccurred({ event: 'SavedSearchWizard', label: listingLabel(config) }));
}

export function* inquiryOfferSaga(): Saga {
  yield takeLeading(offer.sendRequested.type, sendOffer);
  // No connection: sent again once there is one, with the same key (as every form's send).
  yield takeLatest(
    offer.sendFailed.type,
    resendWhenOnline(
      (root) => {
        const { status, error } = selectOffer(root);
        return status === 'failed' && error === SUBMISSION_ERRORS.offline;
      },
      () => offer.sendRequested(),
    ),
  );
}

const { listingAsked, listingAnswered } = exposeListingSlice.actions;

/** Asks whether the listing can be asked about; only the backend's 'unknown' says it is gone. */
function* askListing({ payload: objectId }: ReturnType<typeof listingAsked>): Saga {
  const result = yield* callApi(
    { method: 'GET', path: '/v1/wizard/listing/{objectId}', params: { objectId } },
    { hideError: true },
  );
  const gone =
    !result.ok && result.error.kind === 'server' && result.error.code === 'unknown_object';
  yield put(listingAnswered({ objectId, gone }));
}

export function* exposeListingSaga(): Saga {
  yield takeLatest(listingAsked.type, askListing);
}
