import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { LinkButton } from '../../ui/primitives';

/**
 * The inbox's type scale, links and page headings, on every page: a page's h1 stands on the
 * same edge as its content (the shared PageHeading's side margins are the widget's).
 */
const AgencyStyle = createGlobalStyle`
  body {
    background: #fff;
    font-size: 1rem;
  }
  a {
    color: ${(p) => p.theme.colors.primary};
    text-underline-offset: 0.15em;
  }
  a:hover {
    text-decoration-thickness: 2px;
  }
  #main h1 {
    margin: 0.25rem 0 1rem;
    font-size: 1.6rem;
    line-height: 1.25;
    overflow-wrap: break-word;
    @media (max-width: 36rem) {
      font-size: 1.35rem;
    }
  }
  #main h1 + p {
    margin-left: 0;
    margin-right: 0;
  }
  #main h2 {
    font-size: 1.2rem;
    line-height: 1.3;
  }
`;

const Header = styled.header`
  background: #f6f7f9;
  border-bottom: 1px solid #d5d8dc;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 1rem;
  align-items: center;
  max-width: 80rem;
  margin: 0 auto;
  padding: 0.5rem 1rem;
`;

const Brand = styled.p`
  margin: 0;
  font-weight: 700;
  font-size: 1.15rem;
  color: ${(p) => p.theme.colors.primary};
`;

const Signed = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 1rem;
  align-items: center;
  margin-left: auto;
  @media (max-width: 36rem) {
    margin-left: 0;
    width: 100%;
    justify-content: space-between;
  }
  font-size: 0.9rem;
  color: ${(p) => p.theme.colors.muted};
  span {
    overflow-wrap: anywhere;
  }
  button {
    min-height: 2.5rem;
  }
`;

const Nav = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.5rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: block;
    color: ${(p) => p.theme.colors.text};
    font-weight: 600;
    text-decoration: none;
    padding: 0.6rem 0.5rem 0.45rem;
    border-bottom: 3px solid transparent;
  }
  a:hover {
    border-bottom-color: ${(p) => p.theme.colors.border};
  }
  a[aria-current='page'] {
    color: ${(p) => p.theme.colors.primary};
    border-bottom-color: ${(p) => p.theme.colors.primary};
  }
`;

const Main = styled.main`
  max-width: 80rem;
  margin: 0 auto;
  padding: 1.25rem 1rem 2.5rem;
  &:focus {
    outline: none;
  }
`;

const Skip = styled.a`
  position: absolute;
  left: -999px;
  &:focus {
    left: 1rem;
    top: 1rem;
    background: #fff;
    padding: 0.5rem;
    z-index: 1;
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
      <AgencyStyle />
      <Skip href="#main">{t('skip')}</Skip>
      <Header>
        <Bar>
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
        </Bar>
      </Header>
      <Main id="main" tabIndex={-1}>
        {children}
      </Main>
    </>
  );
}
