import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectConfig } from '../../app/selectors';
import { ContactPage } from '../../parts/contactPage/ContactPage';
import { contactMessageSlice, selectContactMessage } from './slice';

const FORM = { message: true, wish: false, newsletter: 'optional' } as const;

/** product 2.5.1: the contact form with a message, preset from the config's defaultMessage. */
export function ContactMessage() {
  const { t } = useTranslation();
  const defaultMessage = useAppSelector((state) => selectConfig(state).defaultMessage);
  return (
    <ContactPage
      slice={contactMessageSlice}
      select={selectContactMessage}
      scope=""
      presetMessage={defaultMessage}
      title={t('routes.contactFormWizard')}
      intro={t('contactFormPage.intro')}
      submitLabel={t('contactFormPage.submit')}
      form={FORM}
      success={['contactFormPage.success', 'contactFormPage.successNext']}
    />
  );
}
