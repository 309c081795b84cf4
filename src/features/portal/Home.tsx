/**
 * The logged-in home (product 2.7.4): tabs 'Anfragen', 'Suchprofile' (the default) and 'Mein Konto'
 * after the WAI-ARIA tabs pattern (one tab stop, arrows, Home and End, a tab shows on focus),
 * a spinner while loading, and 'Abmelden'.
 */
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectLoading } from '../../app/selectors';
import { Dialog } from '../../ui/Dialog';
import { SecondaryButton, Section, Spinner, Title } from '../../ui/primitives';
import { Account, AccountForm } from './Account';
import { Inquiries } from './Inquiries';
import { TABS, type Tab } from './machine';
import { SavedSearches } from './SavedSearches';
import { portalActions as actions, selectPortal } from './slice';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.5rem;
  border-bottom: 2px solid ${(p) => p.theme.colors.border};
  margin: 0 1rem;
`;

const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
`;

const TabButton = styled.button<{ $selected: boolean }>`
  min-height: 2.75rem;
  padding: 0.5rem 1rem;
  font: inherit;
  font-weight: 600;
  color: ${(p) => (p.$selected ? p.theme.colors.primary : p.theme.colors.text)};
  background: none;
  border: none;
  border-bottom: 3px solid ${(p) => (p.$selected ? p.theme.colors.primary : 'transparent')};
  margin-bottom: -2px;
  cursor: pointer;
  transition: border-color 300ms;
`;

const Busy = styled(Spinner)`
  font-size: 1.25rem;
  margin: 0 0.5rem 0.75rem;
  color: ${(p) => p.theme.colors.primary};
`;

const Logout = styled(SecondaryButton)`
  margin: 0 0 0.5rem auto;
`;

const PANELS: Record<Tab, () => React.JSX.Element> = {
  exposeInquiry: Inquiries,
  savedSearch: SavedSearches,
  account: Account,
};

export function Home() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const tab = useAppSelector((state) => selectPortal(state).tab);
  const dialog = useAppSelector((state) => selectPortal(state).dialog);
  const visible = useAppSelector((state) => state.host.visible);
  const loading = useAppSelector(selectLoading);
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});

  function show(next: Tab) {
    dispatch(actions.tabShown(next));
    tabs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.indexOf(tab);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(TABS[next]!);
  }

  const Panel = PANELS[tab];
  return (
    <>
      <Bar>
        <TabList role="tablist" aria-label={t('home.tabs')} onKeyDown={onKeyDown}>
          {TABS.map((id) => (
            <TabButton
              key={id}
              ref={(element) => {
                tabs.current[id] = element;
              }}
              type="button"
              role="tab"
              id={`portal-tab-${id}`}
              aria-selected={id === tab}
              aria-controls={`portal-panel-${id}`}
              tabIndex={id === tab ? 0 : -1}
              $selected={id === tab}
              onClick={() => show(id)}
            >
              {t(`home.${id}`)}
            </TabButton>
          ))}
        </TabList>
        {loading && <Busy role="progressbar" aria-label={t('home.loading')} />}
        <Logout type="button" onClick={() => dispatch(actions.logoutClicked())}>
          {t('home.logout')}
        </Logout>
      </Bar>
      <Section
        role="tabpanel"
        id={`portal-panel-${tab}`}
        aria-labelledby={`portal-tab-${tab}`}
        tabIndex={0}
      >
        <Title className="visually-hidden">{t(`home.${tab}`)}</Title>
        <Panel />
      </Section>
      {dialog?.kind === 'account' && (
        <Dialog
          title={t('account.incomplete')}
          visible={visible}
          onClose={() => dispatch(actions.dialogClosed())}
        >
          <AccountForm inDialog />
        </Dialog>
      )}
    </>
  );
}
