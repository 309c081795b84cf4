import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { HoldShell } from '../../app/shell';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { selectConfig } from '../../app/selectors';
import { LazyContactForm, preloadContactForm } from '../../parts/contactForm/LazyContactForm';
import type { ContactFormProps } from '../../parts/contactForm/ContactForm';
import { ContactPageView } from '../../parts/contactPage/ContactPageView';
import { Alert, PAGE_HEADING_ID, PageHeading, Section } from '../../ui/primitives';
import { parseExposeTarget } from './options';
import { LazySearchOffer } from './LazyOffer';
import { selectOffer } from './offer';
import {
  exposeInquirySlice,
  exposeListingSlice,
  selectExposeInquiry,
  selectExposeListing,
} from './slice';

const FORM = { message: true, wish: true, newsletter: 'optional' } as const;

/**
 * The page without its form: while the listing is asked about (the shell's progress bar shows
 * the call), or when there is none.
 */
function WithoutForm({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t('routes.exposeInquiryWizard'));
  return (
    <main aria-labelledby={PAGE_HEADING_ID}>
      <PageHeading id={PAGE_HEADING_ID}>{t('routes.exposeInquiryWizard')}</PageHeading>
      <Section>{children}</Section>
    </main>
  );
}

/** The contact form, loading since the page asked about its listing. */
function Form(props: ContactFormProps) {
  const { t } = useTranslation();
  return (
    <LazyContactForm
      {...props}
      fallback={
        <>
          <p role="status">{t('app.loading')}</p>
          <HoldShell />
        </>
      }
    />
  );
}

/** product 2.4.1: an inquiry about one listing, named by `objectId` (and `customObjectId`). */
export function ExposeInquiry() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectConfig);
  const { objectId, customObjectId } = parseExposeTarget(config);
  const listing = useAppSelector(selectExposeListing);
  const offered = useAppSelector((state) => selectOffer(state).status !== 'none');
  const contactPage = useAppStore().screens.find((s) => s.id === 'contactFormWizard')!;
  useEffect(() => {
    if (objectId === null) return;
    dispatch(exposeListingSlice.actions.listingAsked(objectId));
    // The form waits for the answer: its code loads meanwhile.
    preloadContactForm();
  }, [dispatch, objectId]);
  if (objectId === null)
    return (
      <WithoutForm>
        <Alert role="alert" $severity="error">
          {t('exposeInquiry.noObject')}
        </Alert>
      </WithoutForm>
    );
  if (listing.objectId !== objectId || listing.status === 'asking')
    return (
      <WithoutForm>
        <HoldShell />
      </WithoutForm>
    );
  if (listing.status === 'gone')
    return (
      <WithoutForm>
        <Alert role="alert" $severity="error">
          <p>{t('exposeInquiry.gone')}</p>
          <p>{t('exposeInquiry.goneNext')}</p>
          <Link to={`/${contactPage.path}`}>{t('exposeInquiry.toContact')}</Link>
        </Alert>
      </WithoutForm>
    );
  return (
    <ContactPageView
      Form={Form}
      slice={exposeInquirySlice}
      select={selectExposeInquiry}
      scope={String(objectId)}
      presetMessage=""
      title={t('routes.exposeInquiryWizard')}
      intro={t('exposeInquiry.intro', { reference: customObjectId ?? String(objectId) })}
      submitLabel={t('exposeInquiry.submit')}
      form={FORM}
      success={['exposeInquiry.success', 'exposeInquiry.successNext']}
      afterSuccess={offered && <LazySearchOffer />}
    />
  );
}
