import { contactPayload } from '../../parts/contactForm/model';
import { contactPageSaga } from '../../parts/contactPage/sagas';
import { parseExposeTarget } from './options';
import { exposeInquirySlice, selectExposeInquiry } from './slice';

export const DRAFT_KEY = 'immosuite.exposeInquiry.v1';

/**
 * spec 2.4, 7: `POST /v1/wizard/expose-inquiry {contact, exposeInquiry:{objectId, message}}`,
 * tracked as immoObjectInquiry with the custom object id as its label (DECISIONS 13).
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
