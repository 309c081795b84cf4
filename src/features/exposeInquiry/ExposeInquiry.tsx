import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { selectConfig } from '../../app/selectors';
import { ContactPage } from '../../parts/contactPage/ContactPage';
import { Alert, PageHeading, Section } from '../../ui/primitives';
import { parseExposeTarget } from './options';
import { exposeInquirySlice, selectExposeInquiry } from './slice';

const FORM = { message: true, wish: true, newsletter: 'optional' } as const;

/** Shown instead of the form when the page was not told which listing it is about. */
function NoListing() {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.exposeInquiryWizard'));
  return (
    <main>
      <PageHeading>{t('routes.exposeInquiryWizard')}</PageHeading>
      <Section>
        <Alert role="alert" $severity="error">
          {t('exposeInquiry.noObject')}
        </Alert>
      </Section>
    </main>
  );
}

/** spec 2.4: an inquiry about one listing, named by `objectId` (and `customObjectId`). */
export function ExposeInquiry() {
  const { t } = useTranslation();
  const config = useAppSelector(selectConfig);
  const { objectId, customObjectId } = parseExposeTarget(config);
  if (objectId === null) return <NoListing />;
  return (
    <ContactPage
      slice={exposeInquirySlice}
      select={selectExposeInquiry}
      scope={String(objectId)}
      presetMessage=""
      title={t('routes.exposeInquiryWizard')}
      intro={t('exposeInquiry.intro', { reference: customObjectId ?? String(objectId) })}
      submitLabel={t('exposeInquiry.submit')}
      form={FORM}
      success={['exposeInquiry.success', 'exposeInquiry.successNext']}
    />
  );
}
