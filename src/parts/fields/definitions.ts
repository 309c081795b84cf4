/** Field definitions from the backend (product 3.11), normalised for the inputs. */
import type { MessageKey } from '../../i18n';
export type FieldType = 'currency' | 'number' | 'decimal' | 'int' | 'select' | 'string';

export interface FieldOption {
  value: string;
  /** The server's title, or empty when titleKey names a locale string (yes/no). */
  title: string;
  titleKey?: MessageKey;
}

export interface FieldDefinition {
  id: string;
  label: string;
  unit: string | null;
  type: FieldType;
  values: FieldOption[];
  group: string | null;
  marketingTypeLabel: { buy?: string; rent?: string } | null;
  /** The backend's limits for a figure, where it gives them. */
  min?: number | null;
  max?: number | null;
}

const TYPES: readonly string[] = [
  'currency',
  'number',
  'decimal',
  'int',
  'select',
  'string',
  'boolean',
];
const text = (value: unknown, max = 200) => (typeof value === 'string' ? value.slice(0, max) : '');

/** null for a definition we cannot use (the field is then left out, never a crash). */
export function normalizeDefinition(id: string, raw: unknown): FieldDefinition | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.type !== 'string' || !TYPES.includes(r.type)) return null;
  const unit = text(r.unit, 20) || null;
  let type: FieldType;
  let values: FieldOption[] = [];
  if (r.type === 'boolean') {
    // Boolean fields become a yes/no select with the values '1' and '0'.
    type = 'select';
    values = [
      { value: '1', title: '', titleKey: 'fields.yes' },
      { value: '0', title: '', titleKey: 'fields.no' },
    ];
  } else if (unit && r.type !== 'select') {
    // Unit fields are treated as numbers.
    type = 'number';
  } else {
    type = r.type as FieldType;
  }
  if (r.type === 'select') {
    values = (Array.isArray(r.values) ? r.values : [])
      .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
      .map((v) => ({ value: String(v.value ?? ''), title: text(v.title) }))
      .filter((v) => v.value !== '');
  }
  const labels =
    typeof r.marketingTypeLabel === 'object' && r.marketingTypeLabel !== null
      ? (r.marketingTypeLabel as Record<string, unknown>)
      : null;
  return {
    id,
    label: text(r.label) || id,
    unit,
    type,
    values,
    group: text(r.group, 50) || null,
    marketingTypeLabel: labels
      ? {
          ...(labels.buy ? { buy: text(labels.buy) } : {}),
          ...(labels.rent ? { rent: text(labels.rent) } : {}),
        }
      : null,
    ...limits(r),
  };
}

/** A definition's own min and max, when they are finite numbers in order. */
function limits(r: Record<string, unknown>): { min?: number; max?: number } {
  const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const min = finite(r.min);
  const max = finite(r.max);
  if (min !== undefined && max !== undefined && min > max) return {};
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export const isNumeric = (type: FieldType) => type !== 'select' && type !== 'string';
