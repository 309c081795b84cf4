/**
 * The login route (product 2.7): 'Anmeldung' and its form without a session, the tabbed home
 * with one; a key in the address is used first (confirmation, then login).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { HoldShell } from '../../app/shell';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { moveFocus } from '../../ui/focus';
import { Alert, PAGE_HEADING_ID, PageHeading, Section, Title } from '../../ui/primitives';
import { ProgressBar } from '../../ui/ProgressBar';
import { Home } from './Home';
import { LoginForm } from './LoginForm';
import { portalActions as actions, selectPortal } from './slice';

export function Portal() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const phase = useAppSelector((state) => selectPortal(state).phase);
  const notice = useAppSelector((state) => selectPortal(state).notice);
  const k = useAppSelector((state) => state.host.config.query.k ?? null);
  // A mailed confirmation link: the thanks come first; signing in is an offer.
  const confirmed = notice?.key === 'login.thanks';
  useDocumentTitle(t(phase === 'loggedIn' ? 'home.title' : 'routes.login'));
  // Keyboard and screen-reader users land on the heading once logged in (by a mailed link or
  // back after a reload) and after logging out; an anonymous visit leaves the focus alone.
  const heading = useRef<HTMLHeadingElement>(null);
  const was = useRef(phase);
  useEffect(() => {
    const before = was.current;
    was.current = phase;
    if (phase === before || (phase !== 'loggedIn' && before !== 'loggedIn')) return undefined;
    return moveFocus(heading.current);
  }, [phase]);
  useEffect(() => {
    dispatch(actions.opened({ k }));
    // Only once per visit of the route: the key is spent by then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  return (
    <main aria-labelledby={PAGE_HEADING_ID}>
      <PageHeading id={PAGE_HEADING_ID} ref={heading} tabIndex={-1}>
        {t(phase === 'loggedIn' ? 'home.title' : 'login.heading')}
      </PageHeading>
      {notice && (
        <Section>
          <Alert
            role={notice.severity === 'error' ? 'alert' : 'status'}
            $severity={notice.severity}
          >
            {confirmed ? (
              <>
                <strong>{t('login.thanks')}</strong> {t('login.confirmedText')}
              </>
            ) : (
              t(notice.key)
            )}
          </Alert>
        </Section>
      )}
      {phase === 'starting' && (
        <>
          <ProgressBar label={t('app.loading')} />
          <HoldShell />
        </>
      )}
      {phase === 'loggedOut' && (
        <Section>
          {confirmed && <Title>{t('login.manage')}</Title>}
          <LoginForm />
        </Section>
      )}
      {phase === 'loggedIn' && <Home />}
    </main>
  );
}
