/**
 * A one-step contact page (product 2.4–2.6): heading, an introduction, the shared contact form,
 * and the success message in its place once sent. Reads its slice, dispatches its events,
 * holds no rules. The form is given (ContactPage.tsx binds the form itself; a page that
 * shows its form only after an answer loads it meanwhile, LazyContactForm).
 */
import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectConfig } from '../../app/selectors';
import type { RootState } from '../../app/store';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import type { MessageKey } from '../../i18n';
import { Alert, PAGE_HEADING_ID, PageHeading, PageLead, Section } from '../../ui/primitives';
import type { ContactFormProps } from '../contactForm/ContactForm';
import type { ContactFormOptions } from '../contactForm/schema';
import { PAGE_REFUSALS, type ContactPageSlice, type ContactPageState } from './slice';

const REFUSALS: readonly string[] = Object.values(PAGE_REFUSALS);

export interface ContactPageProps {
  slice: ContactPageSlice;
  select(state: RootState): ContactPageState;
  /** What the page is about (a listing's id), and the message it starts with. */
  scope: string;
  presetMessage: string;
  title: string;
  intro: ReactNode;
  submitLabel: string;
  form: ContactFormOptions;
  success: MessageKey[];
  /** Shown below the success message (the inquiry's offer of a saved search). */
  afterSuccess?: ReactNode;
}

export function ContactPageView(
  props: ContactPageProps & {
    Form: ComponentType<ContactFormProps>;
  },
) {
  const { Form: ContactForm } = props;
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { actions } = props.slice;
  const { select, scope, presetMessage } = props;
  const contact = useAppSelector((state) => select(state).contact);
  const status = useAppSelector((state) => select(state).status);
  const error = useAppSelector((state) => select(state).error);
  const privacyUrl = useAppSelector((state) => selectConfig(state).privacyUrl);
  const successRef = useRef<HTMLDivElement>(null);
  const sent = status === 'sent';

  useDocumentTitle(props.title);
  useEffect(() => {
    dispatch(actions.opened({ scope, message: presetMessage }, Date.now()));
  }, [dispatch, actions, scope, presetMessage]);
  useEffect(() => {
    if (sent) successRef.current?.focus({ preventScroll: true });
  }, [sent]);

  if (sent) {
    return (
      <main aria-labelledby={PAGE_HEADING_ID}>
        <PageHeading id={PAGE_HEADING_ID}>{props.title}</PageHeading>
        <Section>
          <Alert role="status" $severity="success" tabIndex={-1} ref={successRef}>
            {props.success.map((key) => (
              <p key={key}>{t(key)}</p>
            ))}
          </Alert>
          {props.afterSuccess}
        </Section>
      </main>
    );
  }
  // The backend refused what the page is about (a listing it does not know): no form.
  const refused = error !== null && REFUSALS.includes(error);
  return (
    <main aria-labelledby={PAGE_HEADING_ID}>
      <PageHeading id={PAGE_HEADING_ID}>{props.title}</PageHeading>
      <PageLead>{props.intro}</PageLead>
      <Section>
        {refused ? (
          <Alert role="alert" $severity="error">
            {t(error)}
          </Alert>
        ) : (
          <ContactForm
            values={contact}
            options={props.form}
            privacyUrl={privacyUrl}
            submitLabel={props.submitLabel}
            busy={status === 'loading'}
            error={error}
            onChange={(values) => dispatch(actions.contactEdited(values))}
            onSubmit={(values) => {
              dispatch(actions.contactEdited(values));
              dispatch(actions.submitRequested());
            }}
            onInvalid={() => dispatch(actions.validationFailed())}
          />
        )}
        {status === 'loading' && (
          <span className="visually-hidden" role="status">
            {t('app.loading')}
          </span>
        )}
      </Section>
    </main>
  );
}
