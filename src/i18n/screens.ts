/**
 * Strings of one screen (or screen part), both languages, shipped in its own chunk and added
 * to the app's i18n when that chunk loads; the shell's locale file holds only what is shared.
 */
import type { i18n as I18n } from 'i18next';
import type { Language } from './language';

export type ScreenStrings = Record<Language, Record<string, unknown>>;

/** Adds a screen's strings (deep, never replacing what is there); once per instance and set. */
const added = new WeakMap<I18n, Set<ScreenStrings>>();

export function addScreenStrings(i18n: I18n, ...sets: ScreenStrings[]) {
  let done = added.get(i18n);
  if (!done) added.set(i18n, (done = new Set()));
  for (const strings of sets) {
    if (done.has(strings)) continue;
    done.add(strings);
    for (const [language, messages] of Object.entries(strings))
      i18n.addResourceBundle(language, 'translation', messages, true, false);
  }
}

/** Both languages of a pair of imported JSON files. */
export const screenStrings = (de: Record<string, unknown>, en: Record<string, unknown>) =>
  ({ de, en }) as ScreenStrings;
