/**
 * The inquiry's success step offers a saved search made from the listing (docs/matching.md,
 * 'A search from an inquiry'): what it searches in words, its own consents, one button. Reads
 * the offer's slice and dispatches its events; the saga sends it. Its own chunk (LazyOffer),
 * loaded by the saga with the inquiry's answer: the check of the proposal comes with it.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectConfig, selectLanguage } from '../../app/selectors';
import { addScreenStrings } from '../../i18n/screens';
import { INQUIRY_OFFER_STRINGS } from '../../i18n/strings/inquiryOffer';
import { ConsentCheck, PrivacyLabel } from '../../parts/contactForm/ContactForm';
import {
  Actions,
  Alert,
  FieldError,
  Fieldset,
  PrimaryButton,
  SecondaryButton,
  Spinner,
  Title,
} from '../../ui/primitives';
import { SUBMISSION_ERRORS } from '../../wizard/submission';
import { offerSlice, selectOffer, type OfferConsents } from './offer';
import { summaryOf, type Say } from './proposal';

export { proposalOf } from './proposal';

const Box = styled.section`
  margin-top: 1.5rem;
  padding-top: 1rem;
  border-top: 1px solid #d0d4da;
`;

const Summary = styled.ul`
  margin: 0.5rem 0 1rem;
  padding-left: 1.25rem;
  li {
    overflow-wrap: anywhere;
  }
`;

export function SearchOffer() {
  const { t, i18n } = useTranslation();
  // The offer's strings come with its chunk, before its first word is shown.
  addScreenStrings(i18n, INQUIRY_OFFER_STRINGS);
  const id = useId();
  const dispatch = useAppDispatch();
  const offer = useAppSelector(selectOffer);
  const language = useAppSelector(selectLanguage);
  const privacyUrl = useAppSelector((state) => selectConfig(state).privacyUrl);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const { status, proposal } = offer;
  const done = status === 'sent' || status === 'declined';
  useEffect(() => {
    if (done) outcomeRef.current?.focus({ preventScroll: true });
  }, [done]);

  if (status === 'none' || !proposal) return null;
  const headingId = `${id}-heading`;
  if (done)
    return (
      <Box aria-labelledby={headingId}>
        <Title id={headingId}>{t('inquiryOffer.heading')}</Title>
        <Alert
          role="status"
          $severity={status === 'sent' ? 'success' : 'info'}
          tabIndex={-1}
          ref={outcomeRef}
        >
          {t(status === 'sent' ? 'inquiryOffer.sent' : 'inquiryOffer.declined')}
        </Alert>
      </Box>
    );

  const sending = status === 'sending';
  const change = (name: keyof OfferConsents) => (event: React.ChangeEvent<HTMLInputElement>) =>
    dispatch(offerSlice.actions.consentChanged({ name, checked: event.target.checked }));
  const check = (name: keyof OfferConsents, label: React.ReactNode) => {
    const missing = offer.consentMissing && !offer.consents[name];
    const errorId = `${id}-${name}-error`;
    return (
      <ConsentCheck
        name={name}
        checked={offer.consents[name]}
        onChange={change(name)}
        required
        aria-invalid={missing || undefined}
        aria-describedby={missing ? errorId : undefined}
        label={label}
        error={missing && <FieldError id={errorId}>{t('contact.mustAccept')}</FieldError>}
      />
    );
  };
  return (
    <Box aria-labelledby={headingId}>
      <Title id={headingId}>{t('inquiryOffer.heading')}</Title>
      <p>{t('inquiryOffer.lead')}</p>
      <Summary aria-label={t('inquiryOffer.summaryLabel')}>
        {summaryOf(proposal, language, t as Say).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Summary>
      <p>{t('inquiryOffer.later')}</p>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          if (!sending) dispatch(offerSlice.actions.sendRequested());
        }}
      >
        <Fieldset>
          <legend>{t('contact.consents')}</legend>
          {check('dataPrivacy', <PrivacyLabel privacyUrl={privacyUrl} />)}
          {check('acceptContact', t('contact.acceptContact'))}
        </Fieldset>
        {offer.consentMissing && (
          <Alert role="alert" $severity="error">
            {t('inquiryOffer.consentMissing')}
          </Alert>
        )}
        {status === 'failed' && offer.error && (
          <Alert role="alert" $severity="error">
            <p>{t(offer.error)}</p>
            {/* Without a connection it is sent again by itself, as that message says. */}
            {offer.error !== SUBMISSION_ERRORS.offline && <p>{t('inquiryOffer.failed')}</p>}
          </Alert>
        )}
        <Actions>
          <SecondaryButton
            type="button"
            disabled={sending}
            onClick={() => dispatch(offerSlice.actions.declined())}
          >
            {t('inquiryOffer.decline')}
          </SecondaryButton>
          <PrimaryButton
            type="submit"
            aria-disabled={sending || undefined}
            aria-busy={sending || undefined}
          >
            {sending && <Spinner aria-hidden="true" />}
            {sending
              ? t('wizard.sending')
              : status === 'failed'
                ? t('inquiryOffer.retry')
                : t('inquiryOffer.submit')}
          </PrimaryButton>
        </Actions>
      </form>
    </Box>
  );
}
