/**
 * The page title rule (product 2.0.3): title, optional subtitle and app title, joined; `{name}`
 * placeholders take the data's values, unknown ones an ellipsis.
 */
export type TitleData = Record<string, string | number | null | undefined>;

const PLACEHOLDER = /\{([A-Za-z0-9_.-]+)\}/g;

export function fillPlaceholders(template: string, data: TitleData, ellipsis: string): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = data[name];
    return value === null || value === undefined || value === '' ? ellipsis : String(value);
  });
}

export function formatTitle(
  parts: { title?: string | null; subtitle?: string | null; appTitle?: string | null },
  data: TitleData,
  { separator, ellipsis }: { separator: string; ellipsis: string },
): string {
  return [parts.title, parts.subtitle, parts.appTitle]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => fillPlaceholders(part, data, ellipsis))
    .join(separator);
}
