import { contactPayload } from '../../parts/contactForm/model';
import { contactPageSaga } from '../../parts/contactPage/sagas';
import { contactMessageSlice, selectContactMessage } from './slice';

export const DRAFT_KEY = 'immosuite.contactMessage.v1';

/**
 * product 2.5.1, 7.2: `POST /v1/wizard/contact {contact, message}`, tracked as
 * ContactFormWizard.
 */
export const contactMessageSaga = contactPageSaga({
  slice: contactMessageSlice,
  select: selectContactMessage,
  draftKey: DRAFT_KEY,
  path: '/v1/wizard/contact',
  body: ({ contact }) => ({
    contact: contactPayload(contact, { newsletter: true }),
    message: contact.message.trim(),
  }),
  tracking: () => ({ event: 'ContactFormWizard' }),
});
