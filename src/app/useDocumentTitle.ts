import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from './hooks';
import { selectConfig } from './selectors';
import { formatTitle, type TitleData } from './title';

/**
 * Sets the page title by the rule of product 2.0.3 (title, subtitle, app title); a null title
 * leaves it to the screen around (e.g. a wizard shown in the portal's dialog).
 */
export function useDocumentTitle(
  title: string | null,
  subtitle?: string | null,
  data: TitleData = {},
) {
  const { t } = useTranslation();
  const { appTitle } = useAppSelector(selectConfig);
  const text =
    title === null
      ? null
      : formatTitle({ title, subtitle, appTitle: appTitle ?? t('app.title') }, data, {
          separator: t('app.titleSeparator'),
          ellipsis: t('app.ellipsis'),
        });
  useEffect(() => {
    if (text !== null) document.title = text;
  }, [text]);
}
