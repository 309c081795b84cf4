/** product 2.7.1: 'Anmeldung', the instructions, the e-mail field and 'E-Mail verschicken'. */
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Actions, Alert, Input, Label, PrimaryButton } from '../../ui/primitives';
import { portalActions as actions, selectPortal } from './slice';

const ANSWERS = {
  sent: { key: 'login.sent', severity: 'success' },
  checkEmail: { key: 'login.checkEmail', severity: 'error' },
  error: { key: 'errors.generic', severity: 'error' },
  offline: { key: 'errors.submitOffline', severity: 'error' },
} as const;

export function LoginForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { email, status } = useAppSelector((state) => selectPortal(state).login);
  const answer = status in ANSWERS ? ANSWERS[status as keyof typeof ANSWERS] : null;
  return (
    <form
      aria-label={t('login.heading')}
      onSubmit={(event) => {
        event.preventDefault();
        if (email.trim()) dispatch(actions.loginEmailRequested());
      }}
    >
      <p>{t('login.text')}</p>
      <Label>
        <span>{t('login.email')}</span>
        <Input
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => dispatch(actions.loginEmailEdited(event.target.value))}
        />
      </Label>
      {answer && (
        <Alert role={answer.severity === 'error' ? 'alert' : 'status'} $severity={answer.severity}>
          {t(answer.key)}
        </Alert>
      )}
      <Actions>
        <span />
        <PrimaryButton type="submit" aria-disabled={status === 'sending' || undefined}>
          {t(status === 'offline' ? 'wizard.resend' : 'login.submit')}
        </PrimaryButton>
      </Actions>
    </form>
  );
}
