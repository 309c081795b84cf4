/** The contact page as the shell loads it: its screen, its slice and saga. */
import type { Feature } from '../../app/store';
import { contactMessageSaga } from './sagas';
import { contactMessageSlice } from './slice';

export { ContactMessage as Screen } from './ContactMessage';

export const feature: Feature = { slices: [contactMessageSlice], sagas: [contactMessageSaga] };
