import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Alert, Input, Label, PageHeading, PrimaryButton } from '../../ui/primitives';
import { useAgencyDispatch, useAgencySelector } from '../hooks';
import { agencyActions as actions, selectAgency } from '../slice';

/** The sign-in form as a card of a form's width, not the page's. */
const Card = styled.section`
  max-width: 28rem;
  margin: 1.5rem auto 0;
  padding: 1.5rem;
  border: 1px solid #d5d8dc;
  border-radius: 8px;
  box-shadow: 0 1px 3px rgb(0 0 0 / 8%);
  form {
    display: grid;
    gap: 1rem;
    margin-top: 1rem;
  }
  form p {
    margin: 0;
  }
  button {
    width: 100%;
    justify-content: center;
  }
  @media (max-width: 30rem) {
    margin-top: 0.5rem;
    padding: 1rem;
  }
`;

export function SignIn() {
  const { t } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const { form, keyRefused } = useAgencySelector((state) => selectAgency(state).session);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.email.trim()) dispatch(actions.signInRequested());
  };
  return (
    <Card aria-labelledby="sign-in-heading">
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
      {form.status === 'rateLimited' && (
        <Alert $severity="error" role="alert">
          {t('signIn.rateLimited')}
        </Alert>
      )}
    </Card>
  );
}
