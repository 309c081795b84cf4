import { contactPayload } from '../../parts/contactForm/model';
import { contactPageSaga } from '../../parts/contactPage/sagas';
import { newsletterSlice, selectNewsletter } from './slice';

export const DRAFT_KEY = 'immosuite.newsletter.v1';

/**
 * product 2.6.1, 7.2: `POST /v1/wizard/contact {type:'newsletter', contact}`. No tracking event
 * is sent: none is named for it (product 4.3, decision 47).
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
