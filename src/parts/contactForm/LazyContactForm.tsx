/** The contact form loaded on demand: formik and the form come with the step that shows it. */
import { retryableLazy } from '../../ui/LazyPart';
import type { ContactFormProps } from './ContactForm';

const load = () => import(/* webpackChunkName: "contact-form" */ './ContactForm');

export const LazyContactForm = retryableLazy<ContactFormProps>(
  () => load().then((m) => ({ default: m.ContactForm })),
  'contactForm',
);

/** Starts loading the form's code before it shows (a failure shows when the form does). */
export const preloadContactForm = () => void load().catch(() => {});
