/**
 * The contact form, built once for every screen that uses it (product 3.1, §5): formik + yup,
 * required fields marked, errors only after a submit attempt, trimmed on submit, consents
 * never pre-ticked, a honeypot hidden from people and assistive technology. Its checks (yup
 * with them) load when the visitor first enters the form, so the form shows without them.
 */
import { getIn, setIn, useFormik, validateYupSchema, yupToFormErrors } from 'formik';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { dataKey, splitTagged, type MessageKey } from '../../i18n';
import styled from 'styled-components';
import {
  Actions,
  Alert,
  FieldError,
  FieldRow,
  Fieldset,
  Input,
  Label,
  PrimaryButton,
  Select,
  Spinner,
  TextArea,
} from '../../ui/primitives';
import { SUBMISSION_ERRORS } from '../../wizard/submission';
import { trimContact, type ContactValues } from './model';
import type { ContactFormOptions } from './schema';

/** The form's checks; a failed load is tried again on the next call (webpack forgets it). */
const loadChecks = () => import(/* webpackChunkName: "contact-checks" */ './schema');

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 0.9rem;
`;

const Check = styled.label`
  display: flex;
  gap: 0.6rem;
  align-items: flex-start;
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin-top: 0.15rem;
    flex: none;
  }
`;

/**
 * One consent checkbox (product 3.1): labelled, never pre-ticked, its required mark and its
 * error. The contact form's consents and the inquiry's offer of a saved search show it alike.
 */
export function ConsentCheck({
  label,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div>
      <Check>
        <input type="checkbox" {...input} />
        <span>
          {label}
          {input.required && <span aria-hidden="true">{t('contact.requiredMark')}</span>}
        </span>
      </Check>
      {error}
    </div>
  );
}

/** The privacy consent's text, its tagged part a link to the configured privacy page. */
export function PrivacyLabel({ privacyUrl }: { privacyUrl: string | null }) {
  const { t } = useTranslation();
  const privacy = splitTagged(t('contact.dataPrivacy'), 'privacyLink');
  return (
    <>
      {privacy.before}
      {privacyUrl ? (
        <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
          {privacy.inner}
        </a>
      ) : (
        privacy.inner
      )}
      {privacy.after}
    </>
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
`;

const Trap = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

export interface ContactFormProps {
  values: ContactValues;
  options: ContactFormOptions;
  privacyUrl: string | null;
  submitLabel: string;
  busy: boolean;
  /** An i18n key shown above the form (failed submit or failed input check). */
  error: MessageKey | null;
  onChange(values: ContactValues): void;
  onSubmit(values: ContactValues): void;
  onInvalid(): void;
  /** Shown left of the submit button (e.g. the wizard's 'Zurück'). */
  secondaryAction?: ReactNode;
}

type TextName =
  'firstname' | 'lastname' | 'phone' | 'email' | 'street' | 'number' | 'zip' | 'city' | 'company';

export function ContactForm(props: ContactFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { message, wish, newsletter } = props.options;
  // Set when the checks could not be loaded for a submit; the next submit tries again.
  const [checksFailed, setChecksFailed] = useState(false);
  const validate = useCallback(
    async (values: ContactValues) => {
      const { contactSchema } = await loadChecks();
      // What formik's validationSchema does: '' counts as empty, one error per field.
      return validateYupSchema(values, contactSchema({ message, wish, newsletter })).then(
        () => ({}),
        (error: unknown) => {
          if ((error as Error | null)?.name === 'ValidationError') return yupToFormErrors(error);
          throw error;
        },
      );
    },
    [message, wish, newsletter],
  );
  const formik = useFormik<ContactValues>({
    initialValues: props.values,
    validate,
    // After the first attempt, every change is checked again (the effect below).
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: (values) => props.onSubmit(trimContact(values)),
  });
  // No connection at the last send: said above the buttons, and the button sends again.
  const offline = props.error === SUBMISSION_ERRORS.offline;
  const { setValues, submitCount } = formik;
  const attempted = submitCount > 0;
  const { values } = props;

  // The caller's values are the one source (they may arrive after the form, as an account's
  // do): formik follows them and checks them again once a submit was attempted.
  useEffect(() => {
    void setValues(values, attempted);
  }, [values, setValues, attempted]);

  /** Every change goes to the caller (the store), and comes back as `values`. */
  function change(event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) {
    const { name, type } = event.target;
    const value =
      type === 'checkbox' ? (event.target as HTMLInputElement).checked : event.target.value;
    props.onChange(setIn(values, name, value) as ContactValues);
  }

  /** Starts loading the checks as soon as the visitor enters the form (once is enough). */
  const checksRequested = useRef(false);
  function prepareChecks() {
    if (checksRequested.current) return;
    checksRequested.current = true;
    loadChecks().catch(() => {
      checksRequested.current = false;
    });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (props.busy) return;
    const trimmed = trimContact(values);
    await formik.setValues(trimmed, false);
    let errors: object;
    try {
      errors = await formik.validateForm(trimmed);
      setChecksFailed(false);
    } catch (error) {
      // eslint-disable-next-line no-console -- product 8.15: the failure itself goes to the console
      console.warn('[immosuite] the form checks could not be loaded', error);
      setChecksFailed(true);
      return;
    }
    // Counts the attempt (formik's submitCount); calls onSubmit only when valid.
    await formik.submitForm();
    if (Object.keys(errors).length > 0) {
      props.onInvalid();
      // Keyboard and screen-reader users land on the first field to fix.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    }
  }

  const errorOf = (name: string): string | undefined =>
    attempted ? (getIn(formik.errors, name) as string | undefined) : undefined;
  const describedBy = (name: string) => (errorOf(name) ? `${id}-${name}-error` : undefined);
  const errorText = (name: string) => {
    const error = errorOf(name);
    if (!error) return null;
    // A limit travels with its key ('contact.tooLong:200', see schema.ts).
    const [key, max] = error.split(':');
    return (
      <FieldError id={`${id}-${name}-error`}>{t(dataKey(key!), max ? { max } : {})}</FieldError>
    );
  };

  function text(
    name: TextName,
    options: { required?: boolean; type?: string; autoComplete?: string } = {},
  ) {
    return (
      <Field>
        <Label>
          <span>
            {t(`contact.${name}`)}
            {options.required && <span aria-hidden="true">{t('contact.requiredMark')}</span>}
          </span>
          <Input
            name={name}
            type={options.type ?? 'text'}
            autoComplete={options.autoComplete}
            required={options.required}
            value={values[name]}
            onChange={change}
            aria-invalid={errorOf(name) ? true : undefined}
            aria-describedby={describedBy(name)}
          />
        </Label>
        {errorText(name)}
      </Field>
    );
  }

  function check(
    name: 'dataPrivacy' | 'acceptContact' | 'newsletter',
    label: ReactNode,
    required: boolean,
  ) {
    const field = `customFields.${name}`;
    return (
      <ConsentCheck
        name={field}
        checked={values.customFields[name]}
        onChange={change}
        required={required}
        aria-invalid={errorOf(field) ? true : undefined}
        aria-describedby={describedBy(field)}
        label={label}
        error={errorText(field)}
      />
    );
  }

  const privacyLabel = <PrivacyLabel privacyUrl={props.privacyUrl} />;

  return (
    <Form
      ref={formRef}
      noValidate
      onSubmit={submit}
      onFocus={prepareChecks}
      aria-label={t('contact.formLabel')}
    >
      {checksFailed ? (
        <Alert role="alert" $severity="error">
          {t('errors.partLoadFailed', { part: t('parts.checks') })}
        </Alert>
      ) : (
        props.error &&
        !offline && (
          <Alert role="alert" $severity="error">
            {t(props.error)}
          </Alert>
        )
      )}
      <FieldRow>
        <Label>
          <span>{t('contact.salutation')}</span>
          <Select
            name="salutation"
            value={values.salutation}
            onChange={change}
            autoComplete="honorific-prefix"
          >
            <option value="">{t('contact.noSalutation')}</option>
            <option value="Frau">{t('contact.salutations.Frau')}</option>
            <option value="Herr">{t('contact.salutations.Herr')}</option>
          </Select>
        </Label>
        {text('company', { autoComplete: 'organization' })}
      </FieldRow>
      <FieldRow>
        {text('firstname', { required: true, autoComplete: 'given-name' })}
        {text('lastname', { required: true, autoComplete: 'family-name' })}
      </FieldRow>
      <FieldRow>
        {text('email', { required: true, type: 'email', autoComplete: 'email' })}
        {text('phone', { type: 'tel', autoComplete: 'tel' })}
      </FieldRow>
      <FieldRow>
        {text('street', { autoComplete: 'address-line1' })}
        {text('number')}
      </FieldRow>
      <FieldRow>
        {text('zip', { autoComplete: 'postal-code' })}
        {text('city', { autoComplete: 'address-level2' })}
      </FieldRow>
      {props.options.wish && (
        <Label>
          <span>{t('contact.wish')}</span>
          <Select name="wish" value={values.wish} onChange={change}>
            <option value="">{t('contact.noWish')}</option>
            <option value="viewing">{t('contact.wishes.viewing')}</option>
            <option value="call">{t('contact.wishes.call')}</option>
            <option value="details">{t('contact.wishes.details')}</option>
          </Select>
        </Label>
      )}
      {props.options.message && (
        <Field>
          <Label>
            <span>{t('contact.message')}</span>
            <TextArea
              name="message"
              value={values.message}
              onChange={change}
              aria-invalid={errorOf('message') ? true : undefined}
              aria-describedby={describedBy('message')}
            />
          </Label>
          {errorText('message')}
        </Field>
      )}
      <Fieldset>
        <legend>{t('contact.consents')}</legend>
        {check('dataPrivacy', privacyLabel, true)}
        {check('acceptContact', t('contact.acceptContact'), true)}
        {props.options.newsletter !== 'off' &&
          check(
            'newsletter',
            t('contact.newsletterOptIn'),
            props.options.newsletter === 'required',
          )}
      </Fieldset>
      <Trap aria-hidden="true">
        <label>
          {t('contact.honeypot')}
          <input
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={change}
          />
        </label>
      </Trap>
      {/* A send that found no connection says so where the visitor sent it from. */}
      {offline && (
        <Alert role="alert" $severity="error">
          {t(props.error!)}
        </Alert>
      )}
      <Actions>
        {props.secondaryAction ?? <span />}
        <PrimaryButton
          type="submit"
          aria-disabled={props.busy || undefined}
          aria-busy={props.busy || undefined}
        >
          {props.busy && <Spinner aria-hidden="true" />}
          {props.busy ? t('wizard.sending') : offline ? t('wizard.resend') : props.submitLabel}
        </PrimaryButton>
      </Actions>
    </Form>
  );
}
