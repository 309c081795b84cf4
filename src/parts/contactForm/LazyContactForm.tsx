/** The contact form loaded on demand: formik and the form come with the step that shows it. */
import { retryableLazy } from '../../ui/LazyPart';
import type { ContactFormProps } from './ContactForm';

export const LazyContactForm = retryableLazy<ContactFormProps>(
  () =>
    import(/* webpackChunkName: "contact-form" */ './ContactForm').then((m) => ({
      default: m.ContactForm,
    })),
  'contactForm',
);
