import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { MessageKey } from '../i18n';
import { useDocumentTitle } from './useDocumentTitle';

const Main = styled.main`
  padding: 1rem;
`;

/** The route's frame until its screen lands: its heading and page title, nothing else. */
export function RoutePlaceholder({ titleKey }: { titleKey: MessageKey }) {
  const { t } = useTranslation();
  useDocumentTitle(t(titleKey));
  return (
    <Main>
      <h1>{t(titleKey)}</h1>
    </Main>
  );
}
