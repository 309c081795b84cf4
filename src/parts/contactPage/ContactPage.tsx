/** A contact page with its form at once (formik in the page's own chunk). */
import { ContactForm } from '../contactForm/ContactForm';
import { ContactPageView, type ContactPageProps } from './ContactPageView';

export type { ContactPageProps };

export function ContactPage(props: ContactPageProps) {
  return <ContactPageView {...props} Form={ContactForm} />;
}
