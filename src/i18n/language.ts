/**
 * The widget's languages (decision 4, decision 23): German by default, English for English
 * pages.
 */
export type Language = 'de' | 'en';

/** 'en-US' (and any other English tag) selects English; everything else German. */
export function languageFromTag(tag: unknown): Language {
  return typeof tag === 'string' && /^en(?:[-_]|$)/i.test(tag.trim()) ? 'en' : 'de';
}
