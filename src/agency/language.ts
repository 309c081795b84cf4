/**
 * The inbox's language: the one a page address names (`?lang=en`), kept for this browser so that
 * the inbox's own addresses (a filter, a submission, a reload) keep it; else the one kept before;
 * else the browser's (docs/agency.md#the-inbox).
 */
import { languageFromTag, type Language } from '../i18n/language';

export const LANGUAGE_KEY = 'immosuite.agency.lang';

export function pageLanguage(
  search: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
  browserLanguage: string,
): Language {
  const asked = new URLSearchParams(search).get('lang');
  let kept: string | null = null;
  try {
    if (asked) storage?.setItem(LANGUAGE_KEY, languageFromTag(asked));
    else kept = storage?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    // A browser that keeps nothing (storage off): the address or the browser decides.
  }
  return languageFromTag(asked ?? kept ?? browserLanguage);
}
