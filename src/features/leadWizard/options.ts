/** The lead wizard's options: init config `options.leadWizard`, or the `order` query parameter. */
import { parseBoolean, type AppConfig } from '../../host/config';

export type LeadWizardOrder = 'category-first' | 'address-first';

export interface LeadWizardOptions {
  order: LeadWizardOrder;
  hideContactStep: boolean;
  hideStepHeader: boolean;
}

export const DEFAULT_LEAD_OPTIONS: LeadWizardOptions = {
  order: 'category-first',
  hideContactStep: false,
  hideStepHeader: false,
};

export function parseOrder(value: unknown): LeadWizardOrder | null {
  return value === 'category-first' || value === 'address-first' ? value : null;
}

/** Untrusted input: a bad value falls back to its default and is named in `warnings`. */
export function parseLeadWizardOptions(config: Pick<AppConfig, 'options' | 'query'>): {
  options: LeadWizardOptions;
  warnings: string[];
} {
  const raw = config.options.screens.leadWizard;
  const input =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : {};
  const warnings: string[] = [];
  if (raw !== undefined && input !== raw) warnings.push('leadWizard');
  function pick<T>(key: keyof LeadWizardOptions, parse: (v: unknown) => T | null, fallback: T) {
    if (input[key] === undefined) return fallback;
    const value = parse(input[key]);
    if (value === null) warnings.push(`leadWizard.${key}`);
    return value ?? fallback;
  }
  const urlOrder = parseOrder(config.query.order) ?? DEFAULT_LEAD_OPTIONS.order;
  return {
    options: {
      order: pick('order', parseOrder, urlOrder),
      hideContactStep: pick('hideContactStep', parseBoolean, false),
      hideStepHeader: pick('hideStepHeader', parseBoolean, false),
    },
    warnings,
  };
}
