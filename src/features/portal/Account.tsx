/** product 2.10.2: the contact's details, 'Änderungen speichern', and 'Konto löschen'. */
import { useTranslation } from 'react-i18next';
import { CONFIRM_DIALOG_MAX_WIDTH } from './constants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectConfig } from '../../app/selectors';
import { LazyContactForm as ContactForm } from '../../parts/contactForm/LazyContactForm';
import { SUBMISSION_ERRORS } from '../../wizard/submission';
import { Dialog } from '../../ui/Dialog';
import { Actions, Alert, PrimaryButton, SecondaryButton, Title } from '../../ui/primitives';
import { portalActions as actions, selectPortal } from './slice';

const FORM = { message: false, wish: false, newsletter: 'optional' } as const;

/** The account form: in the tab, and in the dialog that opens while the disclaimer is open. */
export function AccountForm({ inDialog = false }: { inDialog?: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const contact = useAppSelector((state) => selectPortal(state).contact);
  const status = useAppSelector((state) => selectPortal(state).accountStatus);
  const privacyUrl = useAppSelector((state) => selectConfig(state).privacyUrl);
  if (!contact) return <p role="status">{t('home.loading')}</p>;
  return (
    <>
      {status === 'saved' && (
        <Alert role="status" $severity="success">
          {t('account.saved')}
        </Alert>
      )}
      <ContactForm
        fallback={<p>{t('app.loading')}</p>}
        values={contact}
        options={FORM}
        privacyUrl={privacyUrl}
        submitLabel={t('account.save')}
        busy={status === 'saving'}
        error={
          status === 'error' || status === 'userError' || status === 'offline'
            ? SUBMISSION_ERRORS[status]
            : null
        }
        onChange={(values) => dispatch(actions.accountEdited(values))}
        onSubmit={(values) => {
          dispatch(actions.accountEdited(values));
          dispatch(actions.accountSaveRequested());
        }}
        onInvalid={() => dispatch(actions.accountInvalid())}
        secondaryAction={
          inDialog ? (
            <SecondaryButton type="button" onClick={() => dispatch(actions.dialogClosed())}>
              {t('account.cancel')}
            </SecondaryButton>
          ) : undefined
        }
      />
    </>
  );
}

export function Account() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => selectPortal(state).stored);
  const dialog = useAppSelector((state) => selectPortal(state).dialog);
  const visible = useAppSelector((state) => state.host.visible);
  if (stored && !stored.email)
    return (
      <Alert role="alert" $severity="error">
        {t('account.invalidUser')}
      </Alert>
    );
  return (
    <>
      <Title as="h3">{t(stored?.disclaimer ? 'account.title' : 'account.incomplete')}</Title>
      {dialog?.kind !== 'account' && <AccountForm />}
      <Actions>
        <SecondaryButton
          type="button"
          onClick={() => dispatch(actions.dialogOpened({ kind: 'deleteAccount' }))}
        >
          {t('account.delete')}
        </SecondaryButton>
      </Actions>
      {dialog?.kind === 'deleteAccount' && <DeleteAccountDialog visible={visible} />}
    </>
  );
}

/**
 * product 2.10.2: the confirmation; 'Konto löschen' erases the account (decision 56) and the
 * login screen says so.
 */
function DeleteAccountDialog({ visible }: { visible: { top: number; height: number } | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const deletion = useAppSelector((state) => selectPortal(state).accountDeletion);
  const deleting = deletion === 'deleting';
  const close = () => dispatch(actions.dialogClosed());
  return (
    <Dialog
      title={t('account.delete')}
      maxWidth={CONFIRM_DIALOG_MAX_WIDTH}
      visible={visible}
      onClose={close}
    >
      <p>{t('account.deleteConfirm')}</p>
      <p>{t('account.deleteWhat')}</p>
      {deletion === 'failed' && (
        <Alert role="alert" $severity="error">
          {t('account.deleteFailed')}
        </Alert>
      )}
      <p role="status">{deleting ? t('account.deleting') : ''}</p>
      <Actions>
        <SecondaryButton type="button" disabled={deleting} onClick={close}>
          {t('account.cancel')}
        </SecondaryButton>
        <PrimaryButton
          type="button"
          disabled={deleting}
          onClick={() => dispatch(actions.accountDeleteConfirmed())}
        >
          {t('account.delete')}
        </PrimaryButton>
      </Actions>
    </Dialog>
  );
}
