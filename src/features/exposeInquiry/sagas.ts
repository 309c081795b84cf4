import { put, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../app/apiSaga';
import type { Saga } from '../../app/saga';
import { contactPayload } from '../../parts/contactForm/model';
import { contactPageSaga } from '../../parts/contactPage/sagas';
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
  tracking: (config) => {
    const { objectId, customObjectId } = parseExposeTarget(config);
    return { event: 'immoObjectInquiry', label: customObjectId ?? String(objectId) };
  },
});

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
