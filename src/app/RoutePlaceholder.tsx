import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useDocumentTitle } from './useDocumentTitle';

const Main = styled.main`
  padding: 1rem;
`;

/** The route's frame until its screen lands: its heading and page title, nothing else. */
export function RoutePlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t(titleKey));
  return (
    <Main>
      <h1>{t(titleKey)}</h1>
    </Main>
  );
}
