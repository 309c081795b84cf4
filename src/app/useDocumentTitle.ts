import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from './hooks';
import { selectConfig } from './selectors';
import { formatTitle, type TitleData } from './title';

/** Sets the page title by the rule of spec 2 (title, subtitle, app title). */
export function useDocumentTitle(title: string, subtitle?: string | null, data: TitleData = {}) {
  const { t } = useTranslation();
  const { appTitle } = useAppSelector(selectConfig);
  const text = formatTitle({ title, subtitle, appTitle: appTitle ?? t('app.title') }, data, {
    separator: t('app.titleSeparator'),
    ellipsis: t('app.ellipsis'),
  });
  useEffect(() => {
    document.title = text;
  }, [text]);
}
