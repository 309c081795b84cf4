import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { LinkButton } from '../../ui/primitives';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.5rem;
  align-items: center;
  justify-content: space-between;
  padding: 0.75rem 1rem;
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
`;

const Brand = styled.p`
  margin: 0;
  font-weight: 700;
  font-size: 1.15rem;
`;

const Signed = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 1rem;
  align-items: center;
`;

const Nav = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1.25rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    color: ${(p) => p.theme.colors.primary};
    font-weight: 600;
    padding: 0.25rem 0;
  }
  a[aria-current='page'] {
    color: inherit;
    text-decoration: none;
    border-bottom: 3px solid ${(p) => p.theme.colors.primary};
  }
`;

const Main = styled.main`
  max-width: 80rem;
  margin: 0 auto;
  padding: 1rem;
`;

const Skip = styled.a`
  position: absolute;
  left: -999px;
  &:focus {
    left: 1rem;
    top: 1rem;
    background: #fff;
    padding: 0.5rem;
  }
`;

export function Layout({
  email,
  onSignOut,
  children,
}: {
  email: string | null;
  onSignOut: (() => void) | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('agency');
  return (
    <>
      <Skip href="#main">{t('skip')}</Skip>
      <Header>
        <Brand>{t('title')}</Brand>
        {email && onSignOut && (
          <Nav aria-label={t('header.nav')}>
            <ul>
              <li>
                <NavLink to="/" end>
                  {t('header.inbox')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/funnel">{t('header.funnel')}</NavLink>
              </li>
            </ul>
          </Nav>
        )}
        {email && onSignOut && (
          <Signed>
            <span>{t('header.signedInAs', { email })}</span>
            <LinkButton type="button" onClick={onSignOut}>
              {t('header.signOut')}
            </LinkButton>
          </Signed>
        )}
      </Header>
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
    </>
  );
}
