import { contactPayload } from '../../parts/contactForm/model';
import { contactPageSaga } from '../../parts/contactPage/sagas';
import { newsletterSlice, selectNewsletter } from './slice';

export const DRAFT_KEY = 'immosuite.newsletter.v1';

/**
 * spec 2.6, 7: `POST /v1/wizard/contact {type:'newsletter', contact}`. Spec 4 names no
 * tracking event for it, so none is sent.
 */
export const newsletterSaga = contactPageSaga({
  slice: newsletterSlice,
  select: selectNewsletter,
  draftKey: DRAFT_KEY,
  path: '/v1/wizard/contact',
  body: ({ contact }) => ({
    type: 'newsletter',
    contact: contactPayload(contact, { newsletter: true }),
  }),
  tracking: () => null,
});
