/**
 * The saved-search wizard's options: init config `options.savedSearchWizard` —
 * `hideContactStep`, `hideStepHeader` and `regions` (ids preselected instead of all).
 */
import { parseBoolean, type AppConfig } from '../../host/config';

export interface SavedSearchWizardOptions {
  hideContactStep: boolean;
  hideStepHeader: boolean;
  /** Region ids to start with; null: all regions (product 4.5). */
  regions: number[] | null;
}

const MAX_PRESELECTED = 300;

function parseIds(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length > MAX_PRESELECTED) return null;
  const ids = value.map((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v));
  return ids.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)
    ? (ids as number[])
    : null;
}

/** Untrusted input: a bad value falls back to its default and is named in `warnings`. */
export function parseSavedSearchWizardOptions(config: Pick<AppConfig, 'options'>): {
  options: SavedSearchWizardOptions;
  warnings: string[];
} {
  const raw = config.options.screens.savedSearchWizard;
  const input =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : {};
  const warnings: string[] = [];
  if (raw !== undefined && input !== raw) warnings.push('savedSearchWizard');
  function pick<T>(
    key: keyof SavedSearchWizardOptions,
    parse: (v: unknown) => T | null,
    fallback: T,
  ) {
    if (input[key] === undefined) return fallback;
    const value = parse(input[key]);
    if (value === null) warnings.push(`savedSearchWizard.${key}`);
    return value ?? fallback;
  }
  return {
    options: {
      hideContactStep: pick('hideContactStep', parseBoolean, false),
      hideStepHeader: pick('hideStepHeader', parseBoolean, false),
      regions: pick<number[] | null>('regions', parseIds, null),
    },
    warnings,
  };
}
