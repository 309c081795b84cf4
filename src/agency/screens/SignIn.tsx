import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Input, Label, PageHeading, PrimaryButton } from '../../ui/primitives';
import { useAgencyDispatch, useAgencySelector } from '../hooks';
import { agencyActions as actions, selectAgency } from '../slice';

export function SignIn() {
  const { t } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const { form, keyRefused } = useAgencySelector((state) => selectAgency(state).session);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.email.trim()) dispatch(actions.signInRequested());
  };
  return (
    <section aria-labelledby="sign-in-heading">
      <PageHeading id="sign-in-heading">{t('signIn.heading')}</PageHeading>
      {keyRefused && (
        <Alert $severity="error" role="alert">
          {t('signIn.keyRefused')}
        </Alert>
      )}
      <p>{t('signIn.text')}</p>
      <form onSubmit={submit} noValidate>
        <Label>
          <span>{t('signIn.email')}</span>
          <Input
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(e) => dispatch(actions.signInEmailEdited(e.target.value))}
          />
        </Label>
        <p>
          <PrimaryButton type="submit" disabled={form.status === 'sending'}>
            {t('signIn.send')}
          </PrimaryButton>
        </p>
      </form>
      <div role="status">
        {form.status === 'sent' && <Alert $severity="success">{t('signIn.sent')}</Alert>}
      </div>
      {form.status === 'failed' && (
        <Alert $severity="error" role="alert">
          {t('signIn.failed')}
        </Alert>
      )}
    </section>
  );
}
