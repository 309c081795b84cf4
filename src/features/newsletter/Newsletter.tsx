import { useTranslation } from 'react-i18next';
import { ContactPage } from '../../parts/contactPage/ContactPage';
import { newsletterSlice, selectNewsletter } from './slice';

const FORM = { message: false, wish: false, newsletter: 'required' } as const;

/** product 2.6.1: the contact form with the newsletter box required, and 'Änderungen speichern'. */
export function Newsletter() {
  const { t } = useTranslation();
  return (
    <ContactPage
      slice={newsletterSlice}
      select={selectNewsletter}
      scope=""
      presetMessage=""
      title={t('routes.newsletterWizard')}
      intro={t('newsletter.intro')}
      submitLabel={t('newsletter.submit')}
      form={FORM}
      success={['newsletter.success', 'newsletter.successNext']}
    />
  );
}
