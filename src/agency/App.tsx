import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { ProgressBar } from '../ui/ProgressBar';
import { useAgencyDispatch, useAgencySelector } from './hooks';
import { Detail } from './screens/Detail';
import { Funnel } from './screens/Funnel';
import { Inbox } from './screens/Inbox';
import { KeyboardShortcuts } from './screens/Keyboard';
import { Layout } from './screens/Layout';
import { SignIn } from './screens/SignIn';
import { agencyActions as actions, selectAgency } from './slice';

/** The inbox page: the sign-in form, or the list and a submission's detail for staff. */
export function AgencyApp({ k }: { k: string | null }) {
  const { t } = useTranslation('agency');
  const dispatch = useAgencyDispatch();
  const { phase, email } = useAgencySelector((state) => selectAgency(state).session);
  const unread = useAgencySelector((state) => selectAgency(state).list.unread);
  useEffect(() => {
    dispatch(actions.opened({ k }));
  }, [dispatch, k]);
  useEffect(() => {
    // '(3) Posteingang': the staff member's unread count in the tab.
    document.title = unread ? t('work.title', { count: unread, title: t('title') }) : t('title');
  }, [t, unread]);
  const signedIn = phase === 'signedIn';
  return (
    <Layout email={email} onSignOut={signedIn ? () => dispatch(actions.signOutClicked()) : null}>
      {phase === 'starting' && <ProgressBar label={t('signIn.starting')} />}
      {phase === 'signedOut' && <SignIn />}
      {signedIn && (
        <Routes>
          <Route path="/" element={<Inbox />} />
          <Route path="/submissions/:uuid" element={<Detail />} />
          <Route path="/funnel" element={<Funnel />} />
        </Routes>
      )}
      {signedIn && <KeyboardShortcuts />}
    </Layout>
  );
}
